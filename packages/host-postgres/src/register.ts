import type { CoordinatedEntry, RegisterOutcome } from '@parley/host'
import type { NodeContext } from './context.ts'
import { seal, sessionTag } from './keys.ts'
import { entryOf, settlementOf } from './rows.ts'
import * as SQL from './sql.ts'
import { transaction } from './transaction.ts'

/** What an attach returns when the key is free again (its question gone or freed): insert again. */
const RELOAD = Symbol('reload')

/** How many times a `resumeKey` that keeps changing hands is tried before giving up. */
const ATTEMPTS = 3

/**
 * Registers an ask as one pending row owned by this node, its doorbell
 * committed with it (a small frame rides along, sealed). A question pending
 * under the same `resumeKey` is attached to instead, and one that ended
 * while no agent awaited it is delivered here.
 */
export async function register(
  ctx: NodeContext,
  entry: CoordinatedEntry,
): Promise<RegisterOutcome> {
  const small = Buffer.byteLength(entry.frameText) <= SQL.INLINE_FRAME_BYTES
  const requested = ctx.ring({
    t: 'q',
    id: entry.rpcId,
    s: entry.sessionId,
    x: small ? seal(ctx.keys, entry.rpcId, entry.frameText) : null,
  })
  const tag = sessionTag(ctx.keys, entry.rpcId, entry.sessionId)
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const inserted = await ctx.run(ctx.pool, SQL.INSERT_QUESTION, [
      entry.rpcId,
      entry.sessionId,
      entry.frameText,
      ctx.nodeId,
      entry.deadlineAt ?? null,
      ctx.channel,
      entry.resumeKey ?? null,
      tag,
      requested,
    ])
    if (inserted.rowCount === 1) return { kind: 'created' }
    const attached = await attach(ctx, entry)
    if (attached !== RELOAD) return attached
  }
  throw new Error(`resumeKey ${entry.resumeKey} kept changing hands; try again.`)
}

/** A question with the same key exists: attach to it, collect its ending, or free the key. */
async function attach(
  ctx: NodeContext,
  entry: CoordinatedEntry,
): Promise<RegisterOutcome | typeof RELOAD> {
  return transaction(ctx.pool, async (client) => {
    const found = await ctx.run(client, SQL.FIND_BY_KEY, [entry.sessionId, entry.resumeKey])
    const row = found.rows[0]
    if (!row) return RELOAD
    if (row.state === 'pending') {
      const attached = ctx.ring({ t: 'a', id: row.rpc_id, prev: row.owner })
      await ctx.run(client, SQL.ATTACH, [row.rpc_id, ctx.nodeId, ctx.channel, attached])
      const deadlineAt = row.deadline_ms === null ? undefined : Number(row.deadline_ms)
      return { kind: 'attached', entry: entryOf(row), deadlineAt }
    }
    if (row.delivered_at === null) {
      const delivered = await ctx.run(client, SQL.DELIVER_SETTLED, [row.rpc_id, ctx.nodeId])
      await ctx.run(client, SQL.FREE_KEY, [row.rpc_id])
      return { kind: 'settled', rpcId: row.rpc_id, settlement: settlementOf(delivered.rows[0]) }
    }
    // Delivered to an earlier attachment: the key asks afresh.
    await ctx.run(client, SQL.FREE_KEY, [row.rpc_id])
    return RELOAD
  })
}
