/** fast-check arbitraries for requests: valid ones, edge timeouts, extras and prototype-carried fields. */
import fc from 'fast-check'
import { junk, key, requestedFrame } from './wire-arbitraries.ts'

/** Sometimes absent, sometimes present as `undefined`, usually a value. */
const maybe = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof(fc.constant('absent' as const), fc.constant(undefined), value)

function put(target: Record<string, unknown>, name: string, value: unknown): void {
  if (value !== 'absent') target[name] = value
}

const SAFE = Number.MAX_SAFE_INTEGER

/** Numbers (and not-numbers) at every edge of `timeoutMs`: int, positive, safe, finite. */
export const timeout = fc.oneof(
  fc.integer({ min: 1 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom<unknown>(
    0,
    -0,
    -1,
    1,
    0.5,
    1.5,
    SAFE,
    SAFE + 1,
    2 ** 53 + 2,
    -SAFE,
    -SAFE - 1,
    -(2 ** 60),
    1e21,
    -1e21,
    Number.MIN_VALUE,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    '10',
    null,
    true,
    10n,
  ),
)

/** A request `validateRequest` accepts: a valid batch, routing, sometimes a deadline. */
export const validRequest: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    requestedFrame,
    maybe(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('s1', ''))),
    maybe(fc.integer({ min: 1, max: SAFE })),
  )
  .map(([frame, sessionId, timeoutMs]) => {
    const out: Record<string, unknown> = { questions: frame.questions }
    put(out, 'sessionId', sessionId)
    if (Object.hasOwn(frame, 'callId')) out.callId = frame.callId
    put(out, 'timeoutMs', timeoutMs)
    return out
  })

/** A valid request whose `timeoutMs` is drawn from {@link timeout}. */
export const timedRequest = fc
  .tuple(validRequest, timeout)
  .map(([request, timeoutMs]) => ({ ...request, timeoutMs }))

/** An object with junk keys (hostile ones included) around a `questions` list of junk or items. */
export const keyedRequest = fc
  .tuple(
    fc.dictionary(key, junk, { maxKeys: 6 }),
    fc.oneof(
      fc.array(junk, { maxLength: 3 }),
      junk,
      validRequest.map((r) => r.questions),
    ),
  )
  .map(([rest, questions]) => ({ ...rest, questions }))

const signal = fc.oneof(
  fc.constant(() => new AbortController().signal),
  fc.constant(() => AbortSignal.abort()),
  junk.map((value) => () => value),
)

/** Adds (own) `signal` and `agent` to a request, sometimes absent, sometimes junk. */
export function withExtras(request: fc.Arbitrary<unknown>) {
  return fc.tuple(request, maybe(signal), maybe(junk)).map(([value, makeSignal, agent]) => {
    if (typeof value !== 'object' || value === null) return value
    const out = value as Record<string, unknown>
    if (makeSignal !== 'absent') out.signal = makeSignal === undefined ? undefined : makeSignal()
    put(out, 'agent', agent)
    return out
  })
}

/** `value` with the keys `moved` picks put on a prototype instead of the object itself. */
function onPrototype(value: Record<string, unknown>, moved: boolean[]): Record<string, unknown> {
  const names = Object.keys(value)
  const proto: Record<string, unknown> = {}
  const own: Record<string, unknown> = {}
  names.forEach((name, index) => {
    const target = moved[index % Math.max(1, moved.length)] ? proto : own
    Object.defineProperty(target, name, {
      value: value[name],
      enumerable: true,
      writable: true,
      configurable: true,
    })
  })
  return Object.assign(Object.create(proto), own)
}

/** Requests (valid or not) whose fields, and their items' fields, sit partly on prototypes. */
export function inherited(request: fc.Arbitrary<Record<string, unknown>>) {
  return fc
    .tuple(request, fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }))
    .map(([value, moved]) => {
      const questions = value.questions
      const copy = { ...value }
      if (Array.isArray(questions))
        copy.questions = questions.map((item, index) =>
          typeof item === 'object' && item !== null && !Array.isArray(item)
            ? onPrototype(item, moved.slice(index % moved.length))
            : item,
        )
      return onPrototype(copy, moved)
    })
}
