import { type AskUserQuestionAnswer, AskUserQuestionAnswerSchema } from '@parley/seam'
import { QuestionEndedBySchema } from '@parley/seam/wire'
import * as v from 'valibot'
import { type ClusterKeys, open, tagMatches, unseal } from './keys.ts'

/**
 * The doorbells nodes ring each other with, one `NOTIFY` each, sent in the
 * transaction that made the change (a rolled-back change rings nothing).
 * Every doorbell is signed with a key derived from the cluster's secret
 * (`keys.ts`): any role that can connect may `LISTEN` and `pg_notify` on the
 * channel, so an unsigned one is dropped and counted, never acted on. They
 * name what changed; a small question frame, and a small answer, ride along
 * encrypted. A claim's doorbell is rung by the claim's own statement, only
 * when the row was still pending, so a verified answer in it is the claimed
 * one; a larger answer is read from the row. `n` is the node that rang, empty for the reaper (which
 * every node, itself included, must hear); `k` is a nonce and `at` the
 * sender's clock, so a replayed doorbell is dropped too.
 */
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(200))
const node = v.string()
const signed = { n: node, k: v.pipe(v.string(), v.minLength(16)), at: v.number() }

const Requested = v.object({
  t: v.literal('q'),
  id,
  s: id,
  ...signed,
  /** The question's frame when small, sealed (AES-256-GCM): other nodes show it without reading it back. */
  x: v.nullish(v.string()),
})
const Resolved = v.object({
  t: v.literal('r'),
  id,
  /** The session; a claim's doorbell gets it (and its tag) from the row, after the signed part. */
  s: v.optional(id),
  o: v.picklist(['answered', 'cancelled', 'aborted', 'timed-out']),
  w: v.nullish(v.picklist(['server-gone'])),
  ...signed,
  /** The tab that ended it (its user-visible label and the host's time). */
  b: v.nullish(QuestionEndedBySchema),
  /** The claimed answer when small, sealed like a frame (bound to `answer:` and the rpcId). */
  a: v.nullish(v.string()),
})
const Attached = v.object({ t: v.literal('a'), id, prev: v.nullable(node), ...signed })
const Frame = v.object({ t: v.literal('f'), s: id, x: v.string(), ...signed })
/** A pending question's deadline moved (`at`, ms since the epoch), and why. */
const Deadline = v.object({
  t: v.literal('d'),
  id,
  s: id,
  to: v.pipe(v.number(), v.finite()),
  w: v.picklist(['user', 'activity']),
  own: v.nullable(node),
  ...signed,
})

const DoorbellSchema = v.variant('t', [Requested, Resolved, Attached, Frame, Deadline])
type Parsed = v.InferOutput<typeof DoorbellSchema>
/** A verified doorbell; a resolved one always names its session. */
export type Doorbell =
  | Exclude<Parsed, { t: 'r' | 'q' }>
  | (Omit<Extract<Parsed, { t: 'r' }>, 'a'> & {
      s: string
      answer: AskUserQuestionAnswer | undefined
    })
  | (Omit<Extract<Parsed, { t: 'q' }>, 'x'> & { frameText: string | undefined })

const Tail = v.object({ s: id, st: v.string() })

/** The largest payload sent: PostgreSQL refuses 8,000 bytes and more. */
export const MAX_PAYLOAD_BYTES = 7_900

/** How old (or how far ahead of this node's clock) a doorbell may be. */
const FRESH_MS = 120_000

/** Why a payload on the channel was dropped. */
export type Dropped = 'unsigned' | 'malformed' | 'stale'

function json(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Verifies and parses one notification payload: the doorbell, or why it was
 * dropped (a bad MAC, a shape that does not parse, a stale clock, a
 * session tag that does not bind the question to the session named).
 */
export function readDoorbell(
  keys: ClusterKeys,
  payload: string | undefined,
  now: number,
): Doorbell | Dropped {
  const envelope = payload === undefined ? undefined : open(keys, payload)
  if (!envelope) return 'unsigned'
  const parsed = v.safeParse(DoorbellSchema, json(envelope.json))
  if (!parsed.success) return 'malformed'
  const bell = parsed.output
  if (Math.abs(now - bell.at) > FRESH_MS) return 'stale'
  if (bell.t === 'q') {
    const { x, ...rest } = bell
    if (x === null || x === undefined) return { ...rest, frameText: undefined }
    const frameText = unseal(keys, bell.id, x)
    return frameText === undefined ? 'malformed' : { ...rest, frameText }
  }
  if (bell.t !== 'r') return bell
  const { a, ...resolved } = bell
  let answer: AskUserQuestionAnswer | undefined
  if (a !== null && a !== undefined) {
    if (bell.o !== 'answered') return 'malformed'
    const parsed = v.safeParse(
      AskUserQuestionAnswerSchema,
      json(unseal(keys, answerAad(bell.id), a) ?? ''),
    )
    if (!parsed.success) return 'malformed'
    answer = parsed.output
  }
  if (resolved.s !== undefined)
    return envelope.tail === undefined ? { ...resolved, s: resolved.s, answer } : 'malformed'
  // A claim's doorbell: the row named the session, and its tag proves the pair.
  const tail = v.safeParse(Tail, json(envelope.tail ?? ''))
  if (!tail.success || !tagMatches(keys, bell.id, tail.output.s, tail.output.st)) return 'unsigned'
  return { ...resolved, s: tail.output.s, answer }
}

/** What an answer's seal is bound to: never a frame's (`rpcId` alone). */
export const answerAad = (rpcId: string) => `answer:${rpcId}`
