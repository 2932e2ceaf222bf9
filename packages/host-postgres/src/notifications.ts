import { QuestionEndedBySchema } from '@parley/seam/wire'
import * as v from 'valibot'

/**
 * The doorbells nodes ring each other with, one `NOTIFY` each, sent in the
 * transaction that made the change (a rolled-back change rings nothing).
 * They name what changed, and carry a question or an answer only when it is
 * small (PostgreSQL refuses payloads of 8,000 bytes); `n` is the node that rang, empty for the reaper
 * (which every node, itself included, must hear).
 */
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(200))
const node = v.string()

const Requested = v.object({
  t: v.literal('q'),
  id,
  s: id,
  n: node,
  /** The question's frame, when small: other nodes show it without reading it back. */
  x: v.nullish(v.string()),
})
const Resolved = v.object({
  t: v.literal('r'),
  id,
  s: id,
  o: v.picklist(['answered', 'cancelled', 'aborted', 'timed-out']),
  w: v.nullish(v.picklist(['server-gone'])),
  own: v.nullable(node),
  n: node,
  /** The answer, when small and the question has no resume key. */
  a: v.nullish(v.unknown()),
  /** The tab that ended it (its user-visible label and the host's time). */
  b: v.nullish(QuestionEndedBySchema),
})
const Attached = v.object({ t: v.literal('a'), id, prev: v.nullable(node), n: node })
const Frame = v.object({ t: v.literal('f'), s: id, x: v.string(), n: node })
/** A pending question's deadline moved (`at`, ms since the epoch), and why. */
const Deadline = v.object({
  t: v.literal('d'),
  id,
  s: id,
  at: v.pipe(v.number(), v.finite()),
  w: v.picklist(['user', 'activity']),
  own: v.nullable(node),
  n: node,
})

const Doorbell = v.variant('t', [Requested, Resolved, Attached, Frame, Deadline])
export type Doorbell = v.InferOutput<typeof Doorbell>

/** The largest payload sent: PostgreSQL refuses 8,000 bytes and more. */
export const MAX_PAYLOAD_BYTES = 7_900

/** Parses one notification payload; `undefined` for anything else on the channel. */
export function parseDoorbell(payload: string | undefined): Doorbell | undefined {
  if (payload === undefined) return undefined
  let data: unknown
  try {
    data = JSON.parse(payload)
  } catch {
    return undefined
  }
  const parsed = v.safeParse(Doorbell, data)
  return parsed.success ? parsed.output : undefined
}
