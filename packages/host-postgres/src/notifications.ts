import { QuestionEndedBySchema } from '@parley/seam/wire'
import * as v from 'valibot'
import { type ClusterKeys, open, tagMatches, unseal } from './keys.ts'

/**
 * The doorbells nodes ring each other with, one `NOTIFY` each, sent in the
 * transaction that made the change (a rolled-back change rings nothing).
 * Every doorbell is signed with a key derived from the cluster's secret
 * (`keys.ts`): any role that can connect may `LISTEN` and `pg_notify` on the
 * channel, so an unsigned one is dropped and counted, never acted on. They
 * name what changed and never carry an answer: the node that awaits a
 * question reads how it ended from its row. A small question frame rides
 * along encrypted. `n` is the node that rang, empty for the reaper (which
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
  | (Extract<Parsed, { t: 'r' }> & { s: string })
  | (Omit<Extract<Parsed, { t: 'q' }>, 'x'> & { frameText: string | undefined })

const Tail = v.object({ s: id, st: v.string() })

/** The largest payload sent: PostgreSQL refuses 8,000 bytes and more. */
export const MAX_PAYLOAD_BYTES = 7_900

/** How old (or how far ahead of this node's clock) a doorbell may be. */
export const FRESH_MS = 120_000

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
  if (bell.s !== undefined)
    return envelope.tail === undefined ? { ...bell, s: bell.s } : 'malformed'
  // A claim's doorbell: the row named the session, and its tag proves the pair.
  const tail = v.safeParse(Tail, json(envelope.tail ?? ''))
  if (!tail.success || !tagMatches(keys, bell.id, tail.output.s, tail.output.st)) return 'unsigned'
  return { ...bell, s: tail.output.s }
}
