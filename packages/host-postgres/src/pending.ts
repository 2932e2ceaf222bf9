import type { PendingEntry } from '@parley/host'
import type { DeadlineReason, ExtendReceipt } from '@parley/seam/wire'
import type { NodeContext } from './context.ts'
import { entryOf } from './rows.ts'
import * as SQL from './sql.ts'
import { transaction } from './transaction.ts'

/** A pending question by rpcId; `undefined` when it is not pending anywhere. */
export async function getPending(
  ctx: NodeContext,
  rpcId: string,
): Promise<PendingEntry | undefined> {
  const { rows } = await ctx.run(ctx.pool, SQL.GET_PENDING, [rpcId])
  return rows[0] ? entryOf(rows[0]) : undefined
}

/** The pending questions of the sessions `includes` admits (`sessions` when named), oldest first. */
export async function snapshot(
  ctx: NodeContext,
  includes: (sessionId: string) => boolean,
  sessions: ReadonlySet<string> | null,
): Promise<PendingEntry[]> {
  const { rows } = await ctx.run(ctx.pool, SQL.SNAPSHOT, [sessions ? [...sessions] : null])
  const entries: PendingEntry[] = []
  for (const row of rows) if (includes(row.session_id)) entries.push(entryOf(row))
  return entries
}

/**
 * Moves a pending question's deadline as `decide` rules, with the row locked
 * so moves happen one at a time; a move rings every node. `undefined` when
 * the question is not pending.
 */
export function extend(
  ctx: NodeContext,
  rpcId: string,
  sessionId: string,
  reason: DeadlineReason,
  decide: (entry: PendingEntry, deadlineAt: number) => ExtendReceipt,
): Promise<{ receipt: ExtendReceipt; owner: string | null } | undefined> {
  return transaction(ctx.pool, async (client) => {
    const { rows } = await ctx.run(client, SQL.LOCK_PENDING, [rpcId, sessionId])
    const row = rows[0]
    if (!row) return undefined
    const owner: string | null = row.owner
    if (row.deadline_ms === null)
      return { receipt: { extended: false, reason: 'no-deadline' } as const, owner }
    // The policy reads the question as it was asked (its first deadline), and where it is now.
    const receipt = decide(
      entryOf({ rpc_id: row.rpc_id, frame_text: row.frame_text }),
      Number(row.deadline_ms),
    )
    if (receipt.extended) {
      const moved = ctx.ring({
        t: 'd',
        id: rpcId,
        s: sessionId,
        to: receipt.deadlineAt,
        w: reason,
        own: owner,
      })
      await ctx.run(client, SQL.MOVE_DEADLINE, [rpcId, receipt.deadlineAt, ctx.channel, moved])
    }
    return { receipt, owner }
  })
}
