/** fast-check arbitraries for the wire: valid frames and receipts, junk, and mutations. */
import fc from 'fast-check'

/** Every key a wire schema declares, plus keys that probe prototypes and lengths. */
const KEYS = [
  'type',
  'rpcId',
  'sessionId',
  'callId',
  'questions',
  'requestedAt',
  'outcome',
  'id',
  'question',
  'detail',
  'header',
  'options',
  'multiSelect',
  'intent',
  'label',
  'description',
  'kind',
  'approve',
  'accepted',
  'reason',
  'issues',
  'rule',
  'message',
  'questionId',
  'path',
  'code',
  '__proto__',
  'constructor',
  'prototype',
  'length',
  'toString',
  'valueOf',
  'hasOwnProperty',
]

/** Strings the schemas treat specially. */
const WORDS = [
  '',
  ' ',
  '\t\n',
  'question/requested',
  'question/resolved',
  'question/x',
  'mux/ready',
  'mux/',
  'chat/delta',
  'plan-review',
  'answered',
  'cancelled',
  'aborted',
  'timed-out',
  'not-pending',
  'bad-response',
  'Red',
]

/** Strings around the 200-code-point id limit, with astral characters and lone surrogates. */
const edgeString = fc.string({
  unit: fc.constantFrom('a', '😀', '\ud800', '\udc00', ' '),
  minLength: 0,
  maxLength: 205,
})

export const key = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 4 }))

const scalar = fc.oneof(
  fc.constantFrom(...WORDS),
  fc.string({ maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
  edgeString,
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0, -0, 1.5, 1e21),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
)

/** Nested junk: scalars, arrays and objects (keys drawn from {@link key}). */
export const junk: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
})).value

/** Anything fast-check can make, including boxed values, sparse arrays and null prototypes. */
export const anything = fc.anything({
  withBoxedValues: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withMap: true,
  withSet: true,
  withDate: true,
  withBigInt: true,
  maxDepth: 3,
})

/** Text the batch rules accept (not blank). */
const text = fc
  .oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom(...WORDS))
  .filter((value) => value.trim().length > 0)

/** Sometimes absent, sometimes present as `undefined`, usually a value. */
function maybe<T>(value: fc.Arbitrary<T>) {
  return fc.oneof(fc.constant('absent' as const), fc.constant(undefined), value)
}

function put(target: Record<string, unknown>, name: string, value: unknown): void {
  if (value !== 'absent') target[name] = value
}

const item = (id: string): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .record({
      question: text,
      detail: maybe(text),
      header: maybe(text),
      labels: fc.uniqueArray(text, { maxLength: 4 }),
      description: maybe(text),
      multi: maybe(fc.boolean()),
      intent: fc.boolean(),
    })
    .map((drawn) => {
      const out: Record<string, unknown> = { id, question: drawn.question }
      put(out, 'detail', drawn.detail)
      put(out, 'header', drawn.header)
      if (drawn.labels.length > 0) {
        out.options = drawn.labels.map((label, index) => {
          const option: Record<string, unknown> = { label }
          if (index === 0) put(option, 'description', drawn.description)
          return option
        })
        put(out, 'multiSelect', drawn.multi)
      }
      if (drawn.intent && drawn.labels[0] !== undefined) {
        out.detail = 'The plan.'
        out.intent = { kind: 'plan-review', approve: drawn.labels[0] }
      }
      return out
    })

/** Ids, some around the 200-code-point limit (astral characters count once). */
const id = fc.oneof(
  { arbitrary: fc.string({ minLength: 1, maxLength: 12 }), weight: 6 },
  { arbitrary: fc.constantFrom('rpc-1', 's1'), weight: 2 },
  // Over 200 UTF-16 units but at most 200 code points: zod accepts these.
  fc.string({ unit: fc.constantFrom('a', '😀'), minLength: 101, maxLength: 200 }),
  fc.string({
    unit: fc.constantFrom('a', '😀', '\ud800', '\udc00'),
    minLength: 195,
    maxLength: 205,
  }),
)

/** A `question/requested` frame the seam accepts (ids drawn unique, rules kept). */
export const requestedFrame = fc
  .record({
    rpcId: id,
    sessionId: id,
    callId: maybe(text),
    ids: fc.uniqueArray(text, { minLength: 1, maxLength: 4 }),
    requestedAt: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  })
  .chain(({ ids, callId, ...rest }) =>
    fc.tuple(...ids.map(item)).map((questions) => {
      const frame: Record<string, unknown> = { type: 'question/requested', ...rest, questions }
      put(frame, 'callId', callId)
      return frame
    }),
  )

export const resolvedFrame = fc.record({
  type: fc.constant('question/resolved'),
  rpcId: id,
  sessionId: id,
  outcome: fc.constantFrom('answered', 'cancelled', 'aborted', 'timed-out'),
})

export const appFrame = fc
  .tuple(fc.constantFrom('chat/delta', 'x', 'questions/x', 'muxer'), fc.dictionary(key, junk))
  .map(([type, extra]) => ({ ...extra, type }))

/** Any valid downlink frame. */
export const validFrame: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  requestedFrame,
  resolvedFrame,
  fc.constant({ type: 'mux/ready' }),
  appFrame,
)

const receiptIssue = fc.record(
  {
    rule: text,
    message: text,
    questionId: text,
    path: fc.array(fc.oneof(text, fc.integer()), { maxLength: 3 }),
    code: text,
  },
  { requiredKeys: ['rule', 'message'] },
)

/** Any valid respond receipt. */
export const validReceipt: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.constant({ accepted: true }),
  fc.constant({ accepted: false, reason: 'not-pending' }),
  fc
    .array(receiptIssue, { maxLength: 3 })
    .map((issues) => ({ accepted: false, reason: 'bad-response', issues })),
)

const answerItem = fc
  .record({ id: text, selected: fc.array(text, { maxLength: 3 }), custom: maybe(text) })
  .map(({ custom, ...rest }) => {
    const out: Record<string, unknown> = { ...rest }
    put(out, 'custom', custom)
    return out
  })

/** Any respond body of the right shape: an answer (of any items) or a cancel. */
export const validRespondBody: fc.Arbitrary<Record<string, unknown>> = fc.record({
  rpcId: id,
  sessionId: id,
  result: fc.oneof(
    fc.array(answerItem, { maxLength: 4 }).map((answers) => ({ ok: true, answer: { answers } })),
    fc.constant({ ok: false, error: { code: 'cancelled' } }),
  ),
})

type Container = Record<string | number, unknown>

/** Every container (object or array) in `root`, the root included. */
function containers(root: unknown): Container[] {
  if (typeof root !== 'object' || root === null) return []
  return [root as Container, ...Object.values(root).flatMap(containers)]
}

/** Values at the schemas' edges; made fresh each time, since edits may change them. */
export const nasty = fc
  .constantFrom<(() => unknown)[]>(
    () => Number.NaN,
    () => Number.POSITIVE_INFINITY,
    () => Number.NEGATIVE_INFINITY,
    () => -0,
    () => '',
    () => 'x'.repeat(201),
    () => '😀'.repeat(200),
    () => null,
    () => undefined,
    () => [],
    () => [1],
    () => Array(3),
    () => ({}),
    () => ({ length: 0 }),
    () => ({ length: 201 }),
    () => ({ length: '1' }),
    () => ({ length: [] }),
    () => ({ length: null }),
    () => Object.create(null),
  )
  .map((make) => make())

/** One edit: replace a field with junk, delete it, set it to `undefined`, add a key, or blank it. */
const edit = fc.record({
  where: fc.nat(),
  field: fc.nat(),
  op: fc.constantFrom('replace', 'delete', 'undefined', 'add', 'blank', 'duplicate'),
  name: key,
  value: fc.oneof(junk, nasty),
})

/** A deep copy of `value` with one to three edits applied. */
export function mutated(valid: fc.Arbitrary<Record<string, unknown>>) {
  return fc.tuple(valid, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([value, edits]) => {
    const root = structuredClone(value)
    for (const change of edits) {
      const nodes = containers(root)
      const node = nodes[change.where % nodes.length] as Container
      const names = Object.keys(node)
      const field = names[change.field % Math.max(1, names.length)] ?? change.name
      // An array's length is not a field to edit.
      if (Array.isArray(node) && field === 'length') continue
      if (change.op === 'replace') node[field] = change.value
      else if (change.op === 'delete') delete node[field]
      else if (change.op === 'undefined') node[field] = undefined
      else if (change.op === 'blank') node[field] = ' '
      else if (change.op === 'duplicate' && Array.isArray(node) && node.length > 0)
        node.push(structuredClone(node[change.field % node.length]))
      else if (!Array.isArray(node))
        // defineProperty, so a `__proto__` name becomes an own key as JSON.parse makes it.
        Object.defineProperty(node, change.name, {
          value: change.value,
          enumerable: true,
          writable: true,
          configurable: true,
        })
    }
    return root
  })
}
