import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateRequest } from '../src/index.ts'
import { parseRequestData } from '../src/request-parse.ts'
import { picture } from './picture.ts'
import {
  inherited,
  keyedRequest,
  timedRequest,
  validRequest,
  withExtras,
} from './request-arbitraries.ts'
import { zodRequestData, zodValidateRequest } from './request-oracle.ts'
import { anything, junk, mutated } from './wire-arbitraries.ts'

const RUNS = 2_000

/**
 * The zod-free parse gives exactly zod's result: the same verdict, the same
 * output (unknown keys dropped, `undefined` kept where given, `signal` and
 * `agent` passed through) and the same issues in the same order. Where zod
 * throws, so does the parser.
 */
function sameAs<T>(lite: (input: unknown) => T, zod: (input: unknown) => T) {
  return (input: unknown) => {
    let expected: T
    try {
      expected = zod(input)
    } catch {
      expect(() => lite(input)).toThrow()
      return
    }
    expect(picture(lite(input))).toStrictEqual(picture(expected))
  }
}

const data = sameAs(parseRequestData, zodRequestData)
const request = sameAs(validateRequest, zodValidateRequest)
const json = (value: unknown) => JSON.parse(JSON.stringify(value) ?? 'null')
const check = <T>(arbitrary: fc.Arbitrary<T>, property: (value: T) => void, seed: number) =>
  fc.assert(fc.property(arbitrary, property), { seed, numRuns: RUNS })

describe('parseRequestData matches AskUserQuestionRequestDataSchema', { timeout: 120_000 }, () => {
  it('on arbitrary JSON-ish values', () => check(junk, data, 401))

  it('on anything fast-check can make', () => check(anything, data, 402))

  it('on objects with hostile keys around a questions list', () => check(keyedRequest, data, 403))

  it('on valid requests', () => check(validRequest, data, 404))

  it('on valid requests mutated field by field', () => check(mutated(validRequest), data, 405))

  it('on timeouts at every edge', () => check(timedRequest, data, 406))

  it('on the JSON value of mutated requests (own __proto__ keys)', () =>
    check(mutated(validRequest), (value) => data(json(value)), 407))

  it('on requests whose fields sit on prototypes', () =>
    check(inherited(mutated(validRequest)), data, 408))
})

describe('validateRequest matches its zod-based form', { timeout: 120_000 }, () => {
  it('on arbitrary JSON-ish values', () => check(junk, request, 501))

  it('on anything fast-check can make', () => check(anything, request, 502))

  it('on objects with hostile keys around a questions list', () =>
    check(withExtras(keyedRequest), request, 503))

  it('on valid requests with a signal and an agent', () =>
    check(withExtras(validRequest), request, 504))

  it('on valid requests mutated field by field', () =>
    check(withExtras(mutated(validRequest)), request, 505))

  it('on timeouts at every edge', () => check(withExtras(timedRequest), request, 506))

  it('on the JSON value of mutated requests (own __proto__ keys)', () =>
    check(mutated(validRequest), (value) => request(json(value)), 507))

  it('on requests whose fields sit on prototypes', () =>
    check(withExtras(inherited(validRequest)), request, 508))
})

describe('parseRequestData words a bad timeout as zod does', () => {
  it.each([
    [1.5, ['timeoutMs: expected int']],
    [0, ['timeoutMs: must be at least 0']],
    [-0, ['timeoutMs: must be at least 0']],
    [2 ** 53, ['timeoutMs: must be at most 9007199254740991']],
    [
      -(2 ** 53),
      ['timeoutMs: must be at least -9007199254740991', 'timeoutMs: must be at least 0'],
    ],
    [Number.NaN, ['timeoutMs: expected number']],
    ['10', ['timeoutMs: expected number']],
  ])('timeoutMs %s', (timeoutMs, messages) => {
    const parsed = parseRequestData({ questions: [], timeoutMs })
    expect(parsed.ok ? [] : parsed.issues.map((found) => found.message)).toEqual(messages)
    expect(zodRequestData({ questions: [], timeoutMs })).toEqual(parsed)
  })
})
