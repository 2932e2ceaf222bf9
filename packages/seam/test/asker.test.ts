import { describe, expect, it } from 'vitest'
import {
  askerChain,
  createUserQuestionService,
  isSubagentAsker,
  MAX_ASKER_NAME_LENGTH,
  MAX_ASKER_PARENTS,
  validateRequest,
} from '../src/index.ts'
import { answering, batch } from './fixtures.ts'

const testWriter = { name: 'Test writer', parents: ['Planner'], reason: 'to pick the runner' }

function refusal(asker: unknown) {
  const result = validateRequest({ ...batch, asker })
  if (result.ok) throw new Error('expected the request to be refused')
  return result.issues.map((issue) => [issue.code, issue.path.join('.'), issue.message])
}

describe('a request says who is asking', () => {
  it('keeps a subagent asker with its parents and reason', () => {
    const result = validateRequest({ ...batch, asker: testWriter })
    expect(result.ok && result.request.asker).toEqual(testWriter)
  })

  it('drops unknown keys of the asker', () => {
    const result = validateRequest({ ...batch, asker: { name: 'Planner', role: 'root' } })
    expect(result.ok && result.request.asker).toEqual({ name: 'Planner' })
  })

  it('refuses a blank name, naming the path', () => {
    expect(refusal({ name: ' \u200b ' })).toEqual([
      ['INVALID_QUESTION', 'asker.name', 'asker.name: must not be blank'],
    ])
  })

  it('refuses a name or a parent on two lines', () => {
    expect(refusal({ name: 'Test\nwriter' })).toEqual([
      ['INVALID_QUESTION', 'asker.name', 'asker.name: must be one line'],
    ])
    expect(refusal({ name: 'Test writer', parents: ['Plan\u2028ner'] })).toEqual([
      ['INVALID_QUESTION', 'asker.parents.0', 'asker.parents.0: must be one line'],
    ])
  })

  it('refuses a reason of more than one line', () => {
    expect(refusal({ name: 'Planner', reason: 'first\r\nsecond' })).toEqual([
      ['INVALID_QUESTION', 'asker.reason', 'asker.reason: must be one line'],
    ])
  })

  it('bounds the name and the chain', () => {
    expect(refusal({ name: 'x'.repeat(MAX_ASKER_NAME_LENGTH + 1) })).toEqual([
      ['INVALID_QUESTION', 'asker.name', `asker.name: must be at most ${MAX_ASKER_NAME_LENGTH}`],
    ])
    const parents = Array.from({ length: MAX_ASKER_PARENTS + 1 }, (_, n) => `Agent ${n}`)
    expect(refusal({ name: 'Leaf', parents })).toEqual([
      ['INVALID_QUESTION', 'asker.parents', `asker.parents: must be at most ${MAX_ASKER_PARENTS}`],
    ])
  })

  it('reaches the provider as it was given', async () => {
    const service = createUserQuestionService()
    const { provider, seen } = answering()
    service.registerProvider(provider)
    await service.ask({ ...batch, asker: testWriter })
    expect(seen[0]?.asker).toEqual(testWriter)
  })
})

describe('askerChain', () => {
  it('reads root first, joined with ›', () => {
    expect(askerChain(testWriter)).toBe('Planner › Test writer')
    expect(askerChain({ name: 'Reviewer', parents: ['Lead', 'Planner'] })).toBe(
      'Lead › Planner › Reviewer',
    )
  })

  it('is the name alone for a root agent', () => {
    expect(askerChain({ name: 'Planner' })).toBe('Planner')
    expect(askerChain({ name: 'Planner', parents: [] })).toBe('Planner')
  })
})

describe('isSubagentAsker', () => {
  it('is true only for an asker with parents', () => {
    expect(isSubagentAsker(testWriter)).toBe(true)
    expect(isSubagentAsker({ name: 'Planner', parents: [] })).toBe(false)
    expect(isSubagentAsker({ name: 'Planner' })).toBe(false)
    expect(isSubagentAsker(undefined)).toBe(false)
  })
})
