import { describe, expect, it } from 'vitest'
import { validateAnswer, validateRequest } from '../src/index.ts'

// A request or an answer built by a third party (an MCP mapping, a plugin)
// can carry a getter or a proxy that throws when read. Validation reports it
// as an issue with a stable rule; it never throws.

function throwingQuestion(field = 'question') {
  const question: Record<string, unknown> = {
    id: 'q',
    question: 'Go?',
    options: [{ label: 'Yes' }],
  }
  Object.defineProperty(question, field, {
    enumerable: true,
    get() {
      throw new Error('boom')
    },
  })
  return question
}

describe('validation of values that throw when read', () => {
  it('validateRequest returns an unreadable issue for a question whose getter throws', () => {
    const result = validateRequest({ questions: [throwingQuestion()] })
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          code: 'INVALID_QUESTION',
          rule: 'unreadable',
          path: [],
          message: expect.stringContaining('could not be read'),
        },
      ],
    })
  })

  it('validateRequest survives a proxy that throws on every read', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom')
        },
        ownKeys() {
          throw new Error('boom')
        },
        getOwnPropertyDescriptor() {
          throw new Error('boom')
        },
      },
    )
    expect(() => validateRequest(hostile)).not.toThrow()
    expect(validateRequest(hostile).ok).toBe(false)
  })

  it('validateAnswer returns an unreadable issue instead of throwing', () => {
    const answer = { answers: [{ id: 'q', selected: ['Yes'] }] }
    const result = validateAnswer({ questions: [throwingQuestion('options')] } as never, answer)
    expect(result).toMatchObject({
      ok: false,
      issues: [{ code: 'BAD_ANSWER', rule: 'unreadable' }],
    })
  })
})
