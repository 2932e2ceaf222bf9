import { describe, expect, it } from 'vitest'
import {
  type AskUserQuestionAnswer,
  type AskUserQuestionRequest,
  createUserQuestionService,
  UserQuestionError,
  type UserQuestionProvider,
} from '../src/index.ts'
import {
  answering,
  batch,
  batchAnswer,
  colour,
  name,
  rejection,
  toppings,
  waiting,
} from './fixtures.ts'

describe('the provider is called in the same tick', () => {
  it('runs provider.ask synchronously inside ask()', () => {
    const service = createUserQuestionService()
    const { provider, seen } = waiting()
    service.registerProvider(provider)
    void service.ask(batch)
    expect(seen).toHaveLength(1)
  })

  it('hands the provider the parsed request with its signal, agent, sessionId, callId and timeoutMs', () => {
    const service = createUserQuestionService()
    const { provider, seen } = waiting()
    service.registerProvider(provider)
    const signal = new AbortController().signal
    const agent = { name: 'root' }
    void service.ask({ ...batch, signal, agent, sessionId: 's1', callId: 'c1', timeoutMs: 500 })
    expect(seen[0]).toMatchObject({ sessionId: 's1', callId: 'c1', timeoutMs: 500 })
    expect(seen[0]?.signal).toBe(signal)
    expect(seen[0]?.agent).toBe(agent)
    expect(seen[0]?.questions).toEqual(batch.questions)
  })

  it('drops keys the request vocabulary does not know before the provider sees them', () => {
    const service = createUserQuestionService()
    const { provider, seen } = waiting()
    service.registerProvider(provider)
    const question = { ...colour, value: 'x', recommended: true }
    void service.ask({ questions: [question] })
    expect(seen[0]?.questions[0]).toEqual(colour)
  })
})

describe('aborting', () => {
  it('never calls the provider when the signal is aborted before ask()', async () => {
    const service = createUserQuestionService()
    const { provider, seen } = waiting()
    service.registerProvider(provider)
    const controller = new AbortController()
    controller.abort()
    await expect(service.ask({ ...batch, signal: controller.signal })).rejects.toMatchObject({
      code: 'ASK_ABORTED',
    })
    expect(seen).toHaveLength(0)
  })

  it('rejects ASK_ABORTED when the signal aborts during the ask, and the provider sees it aborted', async () => {
    const service = createUserQuestionService()
    const { provider, seen } = waiting()
    service.registerProvider(provider)
    const controller = new AbortController()
    const pending = service.ask({ ...batch, signal: controller.signal })
    expect(seen[0]?.signal?.aborted).toBe(false)
    controller.abort(new Error('user left'))
    const error = await rejection(pending)
    expect(error).toMatchObject({ name: 'UserQuestionError', code: 'ASK_ABORTED' })
    expect(seen[0]?.signal?.aborted).toBe(true)
  })

  it('keeps the abort reason as the cause', async () => {
    const service = createUserQuestionService()
    service.registerProvider(waiting().provider)
    const controller = new AbortController()
    const reason = new Error('user left')
    const pending = service.ask({ ...batch, signal: controller.signal })
    controller.abort(reason)
    expect(await rejection(pending)).toMatchObject({ cause: reason })
  })

  it('resolves normally when the provider answers before an abort', async () => {
    const service = createUserQuestionService()
    service.registerProvider(answering().provider)
    const controller = new AbortController()
    const answer = await service.ask({ ...batch, signal: controller.signal })
    controller.abort()
    expect(answer).toEqual(batchAnswer)
  })
})

describe('registering providers', () => {
  it('rejects a second provider with DUPLICATE_PROVIDER', () => {
    const service = createUserQuestionService()
    service.registerProvider(waiting().provider)
    let thrown: unknown
    try {
      service.registerProvider(waiting().provider)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(UserQuestionError)
    expect(thrown).toMatchObject({ name: 'UserQuestionError', code: 'DUPLICATE_PROVIDER' })
  })

  it('keeps the first provider active after a duplicate registration fails', async () => {
    const service = createUserQuestionService()
    const first = answering()
    service.registerProvider(first.provider)
    expect(() => service.registerProvider(waiting().provider)).toThrow()
    await service.ask(batch)
    expect(first.seen).toHaveLength(1)
  })

  it('answers NO_PROVIDER after the provider is disposed', async () => {
    const service = createUserQuestionService()
    const dispose = service.registerProvider(waiting().provider)
    dispose()
    await expect(service.ask(batch)).rejects.toMatchObject({ code: 'NO_PROVIDER' })
  })

  it('lets a new provider register after the old one is disposed', async () => {
    const service = createUserQuestionService()
    service.registerProvider(waiting().provider)()
    const next = answering()
    service.registerProvider(next.provider)
    await service.ask(batch)
    expect(next.seen).toHaveLength(1)
  })

  it('has an idempotent disposer', () => {
    const service = createUserQuestionService()
    const dispose = service.registerProvider(waiting().provider)
    dispose()
    expect(() => dispose()).not.toThrow()
  })

  it('does not let a stale disposer unregister a newer provider', async () => {
    const service = createUserQuestionService()
    const disposeOld = service.registerProvider(waiting().provider)
    disposeOld()
    const next = answering()
    service.registerProvider(next.provider)
    disposeOld()
    await service.ask(batch)
    expect(next.seen).toHaveLength(1)
    expect(() => service.registerProvider(waiting().provider)).toThrow(/already registered/)
  })

  it('keeps services independent of each other', async () => {
    const one = createUserQuestionService()
    const two = createUserQuestionService()
    one.registerProvider(answering().provider)
    expect(() => two.registerProvider(answering().provider)).not.toThrow()
  })
})

describe('the provider answer', () => {
  it('is normalized to question order with custom trimmed and unknown keys dropped', async () => {
    const service = createUserQuestionService()
    const scrambled = {
      answers: [
        { id: 'name', selected: [], custom: '  Ada \n', extra: 1 },
        { id: 'toppings', selected: ['Basil', 'Cheese'] },
        { id: 'colour', selected: ['Red'], note: 'x' },
      ],
      meta: true,
    }
    service.registerProvider(answering(scrambled).provider)
    expect(await service.ask(batch)).toEqual({
      answers: [
        { id: 'colour', selected: ['Red'] },
        { id: 'toppings', selected: ['Basil', 'Cheese'] },
        { id: 'name', selected: [], custom: 'Ada' },
      ],
    })
  })

  it('rejects with BAD_ANSWER when it fails validation, with the issues as cause', async () => {
    const service = createUserQuestionService()
    service.registerProvider(
      answering({ answers: [{ id: 'colour', selected: ['Green'] }] }).provider,
    )
    const error = await rejection(service.ask({ questions: [colour] }))
    expect(error).toBeInstanceOf(UserQuestionError)
    expect(error).toMatchObject({
      code: 'BAD_ANSWER',
      cause: [{ code: 'BAD_ANSWER', rule: 'unknown-option', questionId: 'colour' }],
    })
  })

  it.each([null, undefined, 42, 'yes', [], { answers: 'all' }])(
    'rejects the non-answer %j with BAD_ANSWER',
    async (garbage) => {
      const service = createUserQuestionService()
      service.registerProvider(answering(garbage).provider)
      await expect(service.ask({ questions: [name] })).rejects.toMatchObject({ code: 'BAD_ANSWER' })
    },
  )

  it('passes a provider rejection through unchanged, code included', async () => {
    const service = createUserQuestionService()
    const cancelled = new UserQuestionError('The user cancelled.', 'ASK_CANCELLED')
    service.registerProvider({ ask: () => Promise.reject(cancelled) })
    expect(await rejection(service.ask(batch))).toBe(cancelled)
  })

  it.each(['ASK_CANCELLED', 'ASK_TIMED_OUT', 'ASK_ABORTED'] as const)(
    'passes a provider %s through',
    async (code) => {
      const service = createUserQuestionService()
      service.registerProvider({ ask: () => Promise.reject(new UserQuestionError(code, code)) })
      await expect(service.ask({ questions: [toppings] })).rejects.toMatchObject({ code })
    },
  )

  it('turns a provider that throws synchronously into a rejection', async () => {
    const service = createUserQuestionService()
    const boom = new Error('boom')
    const provider: UserQuestionProvider = {
      ask(_request: AskUserQuestionRequest): Promise<AskUserQuestionAnswer> {
        throw boom
      },
    }
    service.registerProvider(provider)
    expect(await rejection(service.ask(batch))).toBe(boom)
  })
})
