import { describe, expect, it } from 'vitest'
import { type AskUserQuestionItem, checkAnswerRules, type ValidationIssue } from '../src/index.ts'
import { parseAmendBody, parseRespondBody } from '../src/wire.ts'

const questions: AskUserQuestionItem[] = [
  { id: 'color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] },
  { id: 'note', question: 'Anything else?' },
]
const respond = (answers: unknown[]) => ({
  rpcId: 'r1',
  sessionId: 's1',
  result: { ok: true, answer: { answers } },
})
const broken = Array.from({ length: 5_000 }, (_, i) =>
  i % 2 === 0 ? { id: 7, selected: 'Blue' } : { selected: [1, 2] },
)
const issuesOf = (parsed: { ok: true } | { ok: false; issues: ValidationIssue[] }) =>
  parsed.ok ? [] : parsed.issues

describe('a limit on issues stops the work with them', () => {
  it('a respond body of thousands of broken items gives the first issues, one per item', () => {
    const all = issuesOf(parseRespondBody(respond(broken)))
    const some = issuesOf(parseRespondBody(respond(broken), { maxIssues: 21 }))
    expect(all.length).toBeGreaterThan(5_000)
    expect(some).toHaveLength(21)
    expect(some[0]).toEqual(all[0])
    const items = some.map((issue) => issue.path.slice(0, 4).join('.'))
    expect(new Set(items).size).toBe(21)
    expect(items[1]).toBe('result.answer.answers.1')
  })

  it('an envelope problem comes first, then the broken items', () => {
    const body = { ...respond(broken.slice(0, 3)), rpcId: 5 }
    const some = issuesOf(parseRespondBody(body, { maxIssues: 3 }))
    expect(some.map((issue) => issue.path.join('.'))).toEqual([
      'rpcId',
      'result.answer.answers.0.id',
      'result.answer.answers.1.id',
    ])
  })

  it('an amend body is bounded the same way', () => {
    const body = { rpcId: 'r1', sessionId: 's1', revision: 0, answer: { answers: broken } }
    expect(issuesOf(parseAmendBody(body, { maxIssues: 5 }))).toHaveLength(5)
  })

  it('a well-formed body parses the same with or without a limit', () => {
    const body = respond([
      { id: 'color', selected: ['Blue'] },
      { id: 'note', selected: [], custom: 'Thanks' },
    ])
    expect(parseRespondBody(body, { maxIssues: 21 })).toEqual(parseRespondBody(body))
  })

  it('the answer rules stop at the limit: unknown items, unknown labels', () => {
    const unknown = Array.from({ length: 5_000 }, (_, i) => ({ id: `q${i}`, selected: [] }))
    const all = checkAnswerRules({ questions }, { answers: unknown })
    const some = checkAnswerRules({ questions }, { answers: unknown }, { maxIssues: 21 })
    expect(issuesOf(all).length).toBeGreaterThan(5_000)
    expect(issuesOf(some)).toEqual(issuesOf(all).slice(0, 21))
    const labels = Array.from({ length: 10_000 }, (_, i) => `L${i}`)
    const many = {
      answers: [
        { id: 'color', selected: labels },
        { id: 'note', selected: [] },
      ],
    }
    expect(issuesOf(checkAnswerRules({ questions }, many, { maxIssues: 21 }))).toHaveLength(21)
  })

  it('a limit below one still refuses a wrong answer', () => {
    const wrong = { answers: [{ id: 'nope', selected: [] }] }
    expect(checkAnswerRules({ questions }, wrong, { maxIssues: 0 }).ok).toBe(false)
  })
})
