import { describe, expect, it } from 'vitest'
import {
  type AskUserQuestionRequest,
  type CallerVerdict,
  createUserQuestionService,
  ParleyError,
  UserQuestionError,
} from '../src/index.ts'
import { answering, batch, colour, plan, rejection } from './fixtures.ts'

const abortedSignal = () => AbortSignal.abort(new Error('stop'))
const badIntent = { ...plan, intent: { kind: 'plan-review' as const, approve: 'Nope' } }

function serviceWith(verdict?: CallerVerdict, withProvider = true) {
  const service = createUserQuestionService(
    verdict === undefined ? {} : { callerPolicy: () => verdict },
  )
  const { provider, seen } = answering()
  if (withProvider) service.registerProvider(provider)
  return { service, seen }
}

async function codeOf(promise: Promise<unknown>) {
  const error = await rejection(promise)
  expect(error).toBeInstanceOf(UserQuestionError)
  return (error as UserQuestionError).code
}

describe('ask() checks a request in a fixed order', () => {
  it('rejects a request whose signal is already aborted with ASK_ABORTED', async () => {
    const { service, seen } = serviceWith()
    expect(await codeOf(service.ask({ ...batch, signal: abortedSignal() }))).toBe('ASK_ABORTED')
    expect(seen).toHaveLength(0)
  })

  it('rejects an empty batch with EMPTY_QUESTIONS', async () => {
    const { service } = serviceWith()
    expect(await codeOf(service.ask({ questions: [] }))).toBe('EMPTY_QUESTIONS')
  })

  it('rejects an invalid item with INVALID_QUESTION', async () => {
    const { service } = serviceWith()
    expect(await codeOf(service.ask({ questions: [{ id: '', question: 'Why?' }] }))).toBe(
      'INVALID_QUESTION',
    )
  })

  it('rejects a caller the policy calls not live with CALLER_NOT_LIVE', async () => {
    const { service } = serviceWith('not-live')
    expect(await codeOf(service.ask(batch))).toBe('CALLER_NOT_LIVE')
  })

  it('rejects a caller the policy calls delegated with DELEGATED_CALLER', async () => {
    const { service } = serviceWith('delegated')
    expect(await codeOf(service.ask(batch))).toBe('DELEGATED_CALLER')
  })

  it('lets a live-root caller ask', async () => {
    const { service, seen } = serviceWith('live-root')
    await service.ask(batch)
    expect(seen).toHaveLength(1)
  })

  it('hands the request agent to the caller policy', async () => {
    const agents: unknown[] = []
    const service = createUserQuestionService({
      callerPolicy: (agent) => {
        agents.push(agent)
        return 'live-root'
      },
    })
    service.registerProvider(answering().provider)
    await service.ask({ ...batch, agent: { name: 'root' } })
    expect(agents).toEqual([{ name: 'root' }])
  })

  it('rejects an intent whose approve is not an option with BAD_INTENT', async () => {
    const { service } = serviceWith()
    expect(await codeOf(service.ask({ questions: [badIntent] }))).toBe('BAD_INTENT')
  })

  it('rejects a request when no provider is registered with NO_PROVIDER', async () => {
    const { service } = serviceWith(undefined, false)
    expect(await codeOf(service.ask(batch))).toBe('NO_PROVIDER')
  })

  const cases: [string, AskUserQuestionRequest, CallerVerdict | undefined, boolean, string][] = [
    [
      'aborted and empty',
      { questions: [], signal: abortedSignal() },
      undefined,
      true,
      'ASK_ABORTED',
    ],
    [
      'aborted, invalid, not live and without provider',
      { questions: [{ id: '', question: '' }], signal: abortedSignal() },
      'not-live',
      false,
      'ASK_ABORTED',
    ],
    [
      'empty and from a caller that is not live',
      { questions: [] },
      'not-live',
      true,
      'EMPTY_QUESTIONS',
    ],
    ['empty and without provider', { questions: [] }, undefined, false, 'EMPTY_QUESTIONS'],
    [
      'invalid and from a delegated caller',
      { questions: [{ id: 'a', question: ' ' }] },
      'delegated',
      true,
      'INVALID_QUESTION',
    ],
    [
      'invalid and with a bad intent',
      { questions: [{ ...badIntent, question: '' }] },
      undefined,
      true,
      'INVALID_QUESTION',
    ],
    [
      'from a caller that is not live and with a bad intent',
      { questions: [badIntent] },
      'not-live',
      true,
      'CALLER_NOT_LIVE',
    ],
    [
      'delegated and without provider',
      { questions: [colour] },
      'delegated',
      false,
      'DELEGATED_CALLER',
    ],
    [
      'with a bad intent and without provider',
      { questions: [badIntent] },
      undefined,
      false,
      'BAD_INTENT',
    ],
  ]

  it.each(cases)(
    'a request that is %s rejects with %s',
    async (_, request, verdict, withProvider, code) => {
      const { service, seen } = serviceWith(verdict, withProvider)
      expect(await codeOf(service.ask(request))).toBe(code)
      expect(seen).toHaveLength(0)
    },
  )
})

describe('errors of ask()', () => {
  it('are UserQuestionErrors with a name and a code, and ParleyErrors', async () => {
    const { service } = serviceWith(undefined, false)
    const error = await rejection(service.ask(batch))
    expect(error).toBeInstanceOf(UserQuestionError)
    expect(error).toBeInstanceOf(ParleyError)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ name: 'UserQuestionError', code: 'NO_PROVIDER' })
  })

  it('carry the validation issues as their cause', async () => {
    const { service } = serviceWith()
    const error = await rejection(service.ask({ questions: [{ id: 'a', question: '' }] }))
    expect(error).toMatchObject({
      code: 'INVALID_QUESTION',
      cause: [{ rule: 'empty-question', questionId: 'a' }],
    })
  })

  it('are always rejections, never synchronous throws', () => {
    const { service } = serviceWith(undefined, false)
    let promise: Promise<unknown> | undefined
    expect(() => {
      promise = service.ask(batch)
    }).not.toThrow()
    return expect(promise).rejects.toMatchObject({ code: 'NO_PROVIDER' })
  })
})

describe('ask() from untyped callers', () => {
  it.each([null, undefined, 42, 'Q?', { questions: 'Q?' }])(
    'rejects %j with INVALID_QUESTION instead of throwing',
    async (garbage) => {
      const { service } = serviceWith()
      // @ts-expect-error: a JavaScript caller may pass anything
      await expect(service.ask(garbage)).rejects.toMatchObject({ code: 'INVALID_QUESTION' })
    },
  )
})
