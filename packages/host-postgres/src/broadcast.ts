import type { NodeContext } from './context.ts'
import { MAX_PAYLOAD_BYTES } from './notifications.ts'
import * as SQL from './sql.ts'

/**
 * Relays an application frame (its JSON) to the other nodes' tabs as a
 * doorbell, best effort: one whose doorbell would pass `MAX_PAYLOAD_BYTES`
 * reaches only this node, and the first such is reported.
 */
export function createBroadcast(ctx: NodeContext): (sessionId: string, text: string) => void {
  let warnedLargeFrame = false
  return (sessionId, text) => {
    const payload = ctx.ring({ t: 'f', s: sessionId, x: text })
    if (new TextEncoder().encode(payload).byteLength > MAX_PAYLOAD_BYTES) {
      if (!warnedLargeFrame)
        ctx.report(
          new Error(`An app frame above ${MAX_PAYLOAD_BYTES} bytes reaches this node only.`),
          'broadcast',
        )
      warnedLargeFrame = true
      return
    }
    ctx
      .run(ctx.pool, SQL.NOTIFY, [ctx.channel, payload])
      .catch((error: unknown) => ctx.report(error, 'broadcast'))
  }
}
