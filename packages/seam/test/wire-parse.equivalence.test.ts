import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  parseDownlinkFrame,
  parseRespondBody,
  parseRespondReceipt,
  type WireParse,
} from '../src/wire.ts'
import {
  anything,
  appFrame,
  junk,
  key,
  mutated,
  requestedFrame,
  validFrame,
  validReceipt,
  validRespondBody,
} from './wire-arbitraries.ts'
import { zodDownlinkFrame, zodRespondBody, zodRespondReceipt } from './wire-oracle.ts'

const RUNS = 2_000

/**
 * A plain-data picture of a parse result for comparison: an object becomes
 * its prototype and own keys (so an own `constructor` or `__proto__` key is
 * compared as data, not mistaken for the class), and anything that is not a
 * plain object or array stays itself (the parsers pass such values through).
 */
function picture(value: unknown): unknown {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : value
  if (typeof value !== 'object' || value === null) return value
  const prototype = Object.getPrototypeOf(value)
  const plain = prototype === Object.prototype || prototype === null || Array.isArray(value)
  if (!plain) return value
  return [
    Array.isArray(value) ? 'array' : prototype === null ? 'null-prototype' : 'object',
    Reflect.ownKeys(value).map((name) => {
      const descriptor = Object.getOwnPropertyDescriptor(value, name)
      return [String(name), descriptor && 'value' in descriptor ? picture(descriptor.value) : 'get']
    }),
  ]
}

/**
 * The zod-free parser gives exactly zod's result: the same verdict, the same
 * output on acceptance (unknown keys stripped, `undefined` kept where given),
 * the same issues on rejection. Where zod itself throws (a `length` whose
 * `valueOf` and `toString` are both not functions), the lite parser rejects.
 */
function sameAs<T>(lite: (input: unknown) => WireParse<T>, zod: (input: unknown) => WireParse<T>) {
  return (input: unknown) => {
    let expected: WireParse<T>
    try {
      expected = zod(input)
    } catch {
      expect(lite(input).ok).toBe(false)
      return
    }
    expect(picture(lite(input))).toStrictEqual(picture(expected))
  }
}

const frame = sameAs(parseDownlinkFrame, zodDownlinkFrame)
const receipt = sameAs(parseRespondReceipt, zodRespondReceipt)
const body = sameAs(parseRespondBody, zodRespondBody)
const json = (value: unknown) => JSON.stringify(value) ?? 'null'
const check = <T>(arbitrary: fc.Arbitrary<T>, property: (value: T) => void, seed: number) =>
  fc.assert(fc.property(arbitrary, property), { seed, numRuns: RUNS })

/** An object whose `type` is usually one the parser dispatches on. */
const typed = fc
  .tuple(
    fc.oneof(
      fc.constantFrom('question/requested', 'question/resolved', 'mux/ready', 'chat/x', 'mux/x'),
      junk,
    ),
    fc.dictionary(key, junk, { maxKeys: 8 }),
  )
  .map(([type, rest]) => ({ ...rest, type }))

describe('parseDownlinkFrame matches the zod schemas', { timeout: 120_000 }, () => {
  it('on arbitrary JSON-ish values', () => check(junk, frame, 101))

  it('on anything fast-check can make', () => check(anything, frame, 102))

  it('on objects of every frame type with junk fields', () => check(typed, frame, 103))

  it('on valid frames', () => check(validFrame, frame, 104))

  it('on valid frames mutated field by field', () => check(mutated(validFrame), frame, 105))

  it('on question/requested frames mutated field by field', () =>
    check(mutated(requestedFrame), frame, 106))

  it('on app frames mutated field by field', () => check(mutated(appFrame), frame, 107))

  it('on the JSON text of mutated frames', () =>
    check(mutated(validFrame), (value) => frame(json(value)), 108))

  it('on arbitrary JSON text', () => check(fc.json(), frame, 109))
})

describe('parseRespondReceipt matches the zod schema', { timeout: 120_000 }, () => {
  it('on arbitrary JSON-ish values', () => check(junk, receipt, 201))

  it('on anything fast-check can make', () => check(anything, receipt, 202))

  it('on valid receipts', () => check(validReceipt, receipt, 203))

  it('on valid receipts mutated field by field', () => check(mutated(validReceipt), receipt, 204))

  it('on the JSON value of mutated receipts', () =>
    check(mutated(validReceipt), (value) => receipt(JSON.parse(json(value))), 205))
})

/** A body whose `result` is usually one of the two shapes, with junk fields. */
const flagged = fc
  .tuple(
    fc.oneof(fc.boolean(), junk),
    fc.dictionary(key, junk, { maxKeys: 6 }),
    fc.oneof(fc.constantFrom('rpc-1', ''), junk),
  )
  .map(([ok, rest, rpcId]) => ({ rpcId, sessionId: 's1', result: { ...rest, ok } }))

describe('parseRespondBody matches the zod schema', { timeout: 120_000 }, () => {
  it('on arbitrary JSON-ish values', () => check(junk, body, 301))

  it('on anything fast-check can make', () => check(anything, body, 302))

  it('on bodies whose result has either flag and junk fields', () => check(flagged, body, 303))

  it('on valid bodies', () => check(validRespondBody, body, 304))

  it('on valid bodies mutated field by field', () => check(mutated(validRespondBody), body, 305))

  it('on the JSON value of mutated bodies', () =>
    check(mutated(validRespondBody), (value) => body(JSON.parse(json(value))), 306))
})
