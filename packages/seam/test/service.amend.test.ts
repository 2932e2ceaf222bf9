import { describe, expect, it } from 'vitest'
import {
  type AskUserQuestionAmendment,
  type AskUserQuestionRequest,
  changedAnswers,
  createUserQuestionService,
  type UserQuestionProvider,
} from '../src/index.ts'
import { batch, batchAnswer, rejection } from './fixtures.ts'

/** A provider that answers at once and keeps the request, to amend it later. */
function amendingProvider() {
  const seen: AskUserQuestionRequest[] = []
  const provider: UserQuestionProvider = {
    ask(request) {
      seen.push(request)
      return Promise.resolve(batchAnswer)
    },
  }
  return { provider, seen }
}

function setup() {
  const service = createUserQuestionService()
  const { provider, seen } = amendingProvider()
  service.registerProvider(provider)
  return { service, seen }
}

const changedColour = {
  answers: [
    { id: 'toppings', selected: ['Basil', 'Cheese'] },
    { id: 'colour', selected: ['Blue (Recommended)'] },
    { id: 'name', selected: [], custom: '  Ada ' },
  ],
}

describe('amendments reach the asker through onAmend', () => {
  it('validated, normalized and with the changed questions recomputed', async () => {
    const { service, seen } = setup()
    const heard: AskUserQuestionAmendment[] = []
    await service.ask({ ...batch, onAmend: (amendment) => heard.push(amendment) })
    seen[0]?.onAmend?.({
      rpcId: 'rpc-1',
      revision: 1,
      changed: ['name', 'toppings'],
      answer: changedColour,
      previous: batchAnswer,
    })
    expect(heard).toEqual([
      {
        rpcId: 'rpc-1',
        revision: 1,
        changed: ['colour'],
        answer: {
          answers: [
            { id: 'colour', selected: ['Blue (Recommended)'] },
            { id: 'toppings', selected: ['Basil', 'Cheese'] },
            { id: 'name', selected: [], custom: 'Ada' },
          ],
        },
        previous: batchAnswer,
      },
    ])
  })

  it('an amendment that breaks the questions throws BAD_ANSWER to the provider and is not heard', async () => {
    const { service, seen } = setup()
    const heard: unknown[] = []
    await service.ask({ ...batch, onAmend: (amendment) => heard.push(amendment) })
    const bad = { answers: [{ id: 'colour', selected: ['Green'] }] }
    expect(() =>
      seen[0]?.onAmend?.({
        rpcId: 'rpc-1',
        revision: 1,
        changed: [],
        answer: bad,
        previous: batchAnswer,
      }),
    ).toThrow(expect.objectContaining({ code: 'BAD_ANSWER' }))
    expect(heard).toEqual([])
  })

  it('is dropped once the signal aborted: the agent moved on', async () => {
    const { service, seen } = setup()
    const heard: unknown[] = []
    const turn = new AbortController()
    await service.ask({ ...batch, signal: turn.signal, onAmend: (a) => heard.push(a) })
    turn.abort()
    seen[0]?.onAmend?.({
      rpcId: 'rpc-1',
      revision: 1,
      changed: ['colour'],
      answer: changedColour,
      previous: batchAnswer,
    })
    expect(heard).toEqual([])
  })

  it('a request without onAmend gives the provider none: the answer is final', async () => {
    const { service, seen } = setup()
    await service.ask(batch)
    expect(seen[0]?.onAmend).toBeUndefined()
  })

  it('an onAmend that is not a function is refused as INVALID_QUESTION', async () => {
    const { service, seen } = setup()
    const request = { ...batch, onAmend: 'later' } as unknown as AskUserQuestionRequest
    expect(await rejection(service.ask(request))).toMatchObject({
      code: 'INVALID_QUESTION',
      message: 'onAmend: expected a function',
    })
    expect(seen).toHaveLength(0)
  })
})

describe('changedAnswers', () => {
  it('compares labels as a set and custom text exactly', () => {
    const before = batchAnswer
    expect(changedAnswers(before, before)).toEqual([])
    expect(
      changedAnswers(before, {
        answers: [
          { id: 'colour', selected: ['Red'] },
          { id: 'toppings', selected: ['Basil', 'Cheese'] },
          { id: 'name', selected: [], custom: 'Grace' },
        ],
      }),
    ).toEqual(['name'])
  })

  it('counts a question answered only now as changed', () => {
    expect(
      changedAnswers({ answers: [] }, { answers: [{ id: 'colour', selected: ['Red'] }] }),
    ).toEqual(['colour'])
  })
})
