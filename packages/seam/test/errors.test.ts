import { describe, expect, it } from 'vitest'
import {
  isUserQuestionError,
  ParleyError,
  USER_QUESTION_ERROR_CODES,
  UserQuestionError,
} from '../src/index.ts'

describe('UserQuestionError', () => {
  it.each(USER_QUESTION_ERROR_CODES)('carries the code %s, its name and message', (code) => {
    const error = new UserQuestionError('It failed.', code)
    expect(error).toBeInstanceOf(ParleyError)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ name: 'UserQuestionError', code, message: 'It failed.' })
  })

  it('keeps its cause', () => {
    const cause = new Error('root')
    expect(new UserQuestionError('x', 'BAD_ANSWER', { cause }).cause).toBe(cause)
  })

  it('survives JSON as { name, code } only through its fields', () => {
    const { name, code } = new UserQuestionError('x', 'ASK_CANCELLED')
    expect(JSON.parse(JSON.stringify({ name, code }))).toEqual({
      name: 'UserQuestionError',
      code: 'ASK_CANCELLED',
    })
  })

  it('documents the codes the issue names', () => {
    expect(USER_QUESTION_ERROR_CODES).toEqual(
      expect.arrayContaining([
        'EMPTY_QUESTIONS',
        'INVALID_QUESTION',
        'BAD_INTENT',
        'NO_PROVIDER',
        'DUPLICATE_PROVIDER',
        'ASK_ABORTED',
        'ASK_CANCELLED',
        'ASK_TIMED_OUT',
        'ASK_LIMIT_REACHED',
        'ASK_TOO_LARGE',
        'CALLER_NOT_LIVE',
        'DELEGATED_CALLER',
        'BAD_ANSWER',
      ]),
    )
  })
})

describe('ParleyError', () => {
  it('has its own name and a free-form code', () => {
    expect(new ParleyError('x', 'ANYTHING')).toMatchObject({
      name: 'ParleyError',
      code: 'ANYTHING',
    })
  })
})

describe('isUserQuestionError', () => {
  it('recognizes an instance, and an instance with the given code', () => {
    const error = new UserQuestionError('x', 'NO_PROVIDER')
    expect(isUserQuestionError(error)).toBe(true)
    expect(isUserQuestionError(error, 'NO_PROVIDER')).toBe(true)
    expect(isUserQuestionError(error, 'ASK_ABORTED')).toBe(false)
  })

  it('recognizes a serialized error from another realm by name and code', () => {
    expect(
      isUserQuestionError({ name: 'UserQuestionError', code: 'ASK_CANCELLED' }, 'ASK_CANCELLED'),
    ).toBe(true)
  })

  it.each([
    null,
    undefined,
    'UserQuestionError',
    new Error('x'),
    new ParleyError('x', 'NO_PROVIDER'),
    { name: 'UserQuestionError' },
  ])('rejects %s', (value) => {
    expect(isUserQuestionError(value)).toBe(false)
  })
})
