import fc from 'fast-check'
import { validateAnswer } from '../packages/seam/src/index.ts'
import { parseRespondBody } from '../packages/seam/src/wire.ts'
import { QUESTIONS, VALID_ANSWER } from './demo.ts'
import {
  deleteAt,
  type JsonNode,
  objectsOf,
  replaceAt,
  slotsOf,
  toTree,
  writeTree,
} from './json-tree.ts'

/** One mutation of a valid respond body. `at` picks the slot or object (modulo their count). */
export type Mutation =
  | { kind: 'replace'; at: number; value: JsonNode }
  | { kind: 'delete'; at: number }
  | { kind: 'add-key'; at: number; key: string; value: JsonNode }
  | { kind: 'duplicate-key'; at: number; value: JsonNode; after: boolean }

/** How the mutated text is sent. */
type Framing =
  | 'as-is'
  | 'truncated'
  | 'trailing-garbage'
  | 'bom'
  | 'empty'
  | 'invalid-utf8'
  | 'oversized'
  | 'top-level'

/** One generated respond request, independent of the question it is aimed at. */
export interface RespondCase {
  base: 'answer' | 'cancel'
  mutations: Mutation[]
  framing: Framing
  /** A top-level value for `framing: 'top-level'`. */
  topLevel: JsonNode
  /** `null`: no Content-Type header. */
  contentType: string | null
}

const MAX_BODY = 256 * 1024

const edgeStrings = fc.constantFrom(
  '',
  '\u0000',
  'Blue\u0000',
  '\uD800',
  '\uDFFF',
  'a\uDC00b',
  '\u202EeulB',
  '\u200BBlue',
  'Blue\u200B',
  '\uFEFFBlue',
  'Blue ',
  'blue',
  'Вlue',
  'Ble\u0301',
  '\u0645\u0631\u062D\u0628\u0627',
  '𝔅𝔩𝔲𝔢',
  '👩‍👩‍👧‍👦',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '$' + '{7*7}',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
)

const knownStrings = fc.constantFrom('Red', 'Blue', 'Cheese', 'Olives', 'color', 'extras', 'note')

const loneSurrogates = fc.string({
  unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  maxLength: 4,
})

const strings = fc.oneof(
  { weight: 3, arbitrary: edgeStrings },
  { weight: 3, arbitrary: knownStrings },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: loneSurrogates },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 10_000, max: 120_000 }), fc.constantFrom('x', 'é', '\u0000', '𝔅'))
      .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length))),
  },
)

const deepNesting: fc.Arbitrary<JsonNode> = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.constantFrom('array', 'object', 'mixed'))
  .map(([depth, shape]) => {
    if (shape === 'array') return { raw: `${'['.repeat(depth)}${']'.repeat(depth)}` }
    if (shape === 'object') return { raw: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` }
    return { raw: `${'[{"answers":'.repeat(depth)}[]${'}]'.repeat(depth)}` }
  })

const pollutingKey = fc.constantFrom('__proto__', 'constructor', 'prototype')

const pollution: fc.Arbitrary<JsonNode> = fc.constantFrom<JsonNode>(
  { obj: [['polluted', 'yes']] },
  { obj: [['prototype', { obj: [['polluted', 'yes']] }]] },
  { obj: [['__proto__', { obj: [['polluted', 'yes']] }]] },
  { obj: [['toString', 'not a function']] },
)

/** Values that do not belong where they land: wrong types, edge strings, depth, pollution. */
export const hostileValue: fc.Arbitrary<JsonNode> = fc.letrec<{ value: JsonNode }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'hostile' },
    { weight: 4, arbitrary: strings },
    { weight: 1, arbitrary: fc.constantFrom<JsonNode>(null, true, false, 0, -1, 1.5, 1e308) },
    { weight: 1, arbitrary: fc.constantFrom<JsonNode>({ raw: '1e400' }, { raw: '-0' }) },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: pollution },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }).map((arr) => ({ arr })) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(pollutingKey, strings), tie('value')), { maxLength: 3 })
        .map((obj) => ({ obj })),
    },
  ),
})).value

/** One mutation of a JSON document. */
export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      at: fc.nat(),
      value: hostileValue,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('add-key' as const),
      at: fc.nat(),
      key: fc.oneof(
        pollutingKey,
        knownStrings,
        edgeStrings,
        fc.constantFrom('rpcId', 'sessionId', 'result', 'answers', 'selected', 'custom', 'ok'),
      ),
      value: hostileValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('duplicate-key' as const),
      at: fc.nat(),
      value: hostileValue,
      after: fc.boolean(),
    }),
  },
)

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json;charset=UTF-16',
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string | null>(
      null,
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
      'application/json-patch+json',
      'application/jsonp',
      'application/javascript',
      'text/json',
      'application/json, text/plain',
    ),
  },
)

const framing = fc.oneof(
  { weight: 60, arbitrary: fc.constant<Framing>('as-is') },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Framing>(
      'truncated',
      'trailing-garbage',
      'bom',
      'empty',
      'invalid-utf8',
      'top-level',
    ),
  },
  { weight: 1, arbitrary: fc.constant<Framing>('oversized') },
)

/** The generator of respond requests. */
export const respondCase: fc.Arbitrary<RespondCase> = fc.record({
  base: fc.oneof(
    { weight: 5, arbitrary: fc.constant('answer' as const) },
    { weight: 1, arbitrary: fc.constant('cancel' as const) },
  ),
  mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
  framing,
  topLevel: hostileValue,
  contentType,
})

/** The question a case is aimed at. */
export interface Target {
  rpcId: string
  sessionId: string
}

/** Applies one mutation to the tree in place. */
export function mutate(tree: JsonNode, change: Mutation): void {
  if (change.kind === 'replace' || change.kind === 'delete') {
    const slots = slotsOf(tree)
    const slot = slots[change.at % slots.length]
    if (!slot) return
    if (change.kind === 'replace') replaceAt(slot, change.value)
    else deleteAt(slot)
    return
  }
  const objects = objectsOf(tree)
  const target = objects[change.at % objects.length]
  if (!target) return
  if (change.kind === 'add-key') {
    target.obj.push([change.key, change.value])
    return
  }
  const index = change.at % Math.max(1, target.obj.length)
  const entry = target.obj[index]
  if (!entry) return
  target.obj.splice(change.after ? index + 1 : index, 0, [entry[0], change.value])
}

/** The bytes and headers of a case aimed at `target`. */
export function buildRequest(
  testCase: RespondCase,
  target: Target,
): { body: Uint8Array<ArrayBuffer>; contentType: string | null } {
  const result =
    testCase.base === 'answer'
      ? { ok: true, answer: VALID_ANSWER }
      : { ok: false, error: { code: 'cancelled' } }
  return encodeCase(testCase, { rpcId: target.rpcId, sessionId: target.sessionId, result })
}

/**
 * The bytes and headers of a case's mutations and framing applied to a
 * valid `document` (a respond body, or another route's: the amend body).
 */
export function encodeCase(
  testCase: Omit<RespondCase, 'base'>,
  document: Record<string, unknown>,
): { body: Uint8Array<ArrayBuffer>; contentType: string | null } {
  const tree = toTree(document)
  for (const change of testCase.mutations) {
    // A copy of a deep or huge value must not be shared between slots.
    mutate(tree, JSON.parse(JSON.stringify(change)) as Mutation)
  }
  let text = writeTree(tree)
  let bytes: Uint8Array
  switch (testCase.framing) {
    case 'truncated':
      text = text.slice(0, Math.max(0, text.length - 1 - (testCase.mutations.length % 7)))
      break
    case 'trailing-garbage':
      text = `${text},}`
      break
    case 'bom':
      text = `\uFEFF${text}`
      break
    case 'empty':
      text = ''
      break
    case 'top-level':
      text = writeTree(testCase.topLevel)
      break
    case 'oversized':
      text = text.replace('"rpcId"', `"padding":"${'p'.repeat(MAX_BODY)}","rpcId"`)
      break
    default:
  }
  bytes = Buffer.from(text, 'utf8')
  if (testCase.framing === 'invalid-utf8') {
    const cut = Math.floor(bytes.length / 2)
    bytes = Buffer.concat([bytes.subarray(0, cut), Buffer.from([0xff, 0xc3]), bytes.subarray(cut)])
  }
  return { body: new Uint8Array(bytes), contentType: testCase.contentType }
}

/** What the host must answer: a status, and for 200 the receipt's verdict. */
export type Verdict = 'accepted' | 'not-pending' | 'bad-response' | 400 | 403 | 413 | 415

/**
 * The oracle: the verdict the protocol (docs/protocol.md, "Replies") gives
 * for these bytes, with `target` pending and `own` the principal's sessions.
 */
export function expectedVerdict(
  request: { body: Uint8Array; contentType: string | null },
  target: Target,
  own: readonly string[],
): Verdict {
  const fenced = fenceVerdict(request, own)
  if (typeof fenced === 'number') return fenced
  const parsed = parseRespondBody(fenced.data)
  if (!parsed.ok) return 'bad-response'
  const { rpcId, sessionId, result } = parsed.value
  if (rpcId !== target.rpcId) return 'not-pending'
  if (sessionId !== target.sessionId) return 'bad-response'
  if (!result.ok) return 'accepted'
  return validateAnswer({ questions: QUESTIONS }, result.answer).ok ? 'accepted' : 'bad-response'
}

/**
 * The fences every JSON POST of the host passes, in its order: media type
 * 415, size 413, JSON 400, the body's `sessionId` outside `own` 403; or the
 * parsed body when it passes them.
 */
export function fenceVerdict(
  request: { body: Uint8Array; contentType: string | null },
  own: readonly string[],
): 400 | 403 | 413 | 415 | { data: unknown } {
  const media = request.contentType?.split(';', 1)[0]?.trim().toLowerCase()
  if (media !== 'application/json') return 415
  if (request.body.length > MAX_BODY) return 413
  let data: unknown
  try {
    data = JSON.parse(Buffer.from(request.body).toString('utf8'))
  } catch {
    return 400
  }
  const claimed =
    typeof data === 'object' && data !== null
      ? (data as { sessionId?: unknown }).sessionId
      : undefined
  if (typeof claimed === 'string' && !own.includes(claimed)) return 403
  return { data }
}

/** The verdict the host gave. */
export function verdictOf(
  status: number,
  body: unknown,
): Verdict | `status ${number}` | 'bad receipt' {
  if (status === 200) {
    const receipt = body as { accepted?: unknown; reason?: unknown }
    if (receipt.accepted === true) return 'accepted'
    if (receipt.reason === 'not-pending' || receipt.reason === 'bad-response') return receipt.reason
    return 'bad receipt'
  }
  if (status === 400 || status === 403 || status === 413 || status === 415) return status
  return `status ${status}`
}

/** For a failure message: the case without its huge parts. */
export function describeCase(testCase: Omit<RespondCase, 'base'>): string {
  const text = JSON.stringify(testCase)
  return text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text
}
