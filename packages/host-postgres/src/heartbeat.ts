import type { ReapedQuestion } from '@parley/host'
import type { NodeContext } from './context.ts'
import { LIVENESS_CLASS, livenessKey } from './keys.ts'
import { holdLiveness, type Liveness } from './liveness.ts'
import { entryOf } from './rows.ts'
import * as SQL from './sql.ts'
import { transaction } from './transaction.ts'

/** When nodes count as dead, and how long their questions and settled ones are kept (ms). */
export interface ReapLimits {
  readonly deadAfterMs: number
  readonly graceMs: number
  readonly keepMs: number
}

/** Takes this node's liveness lock on a connection of its own, held until it is closed. */
export function holdNodeLiveness(ctx: NodeContext): Promise<Liveness> {
  const key = livenessKey(ctx.nodeId)
  return holdLiveness({
    pool: ctx.pool,
    async take(client) {
      const { rows } = await ctx.run(client, SQL.HOLD_LIVENESS, [LIVENESS_CLASS, key])
      return rows[0]?.held === true
    },
    async drop(client) {
      await ctx.run(client, SQL.DROP_LIVENESS, [LIVENESS_CLASS, key])
    },
    report: ctx.report,
    nodeId: ctx.nodeId,
  })
}

/**
 * One heartbeat: this node says it lives, then ends the questions of dead
 * nodes (and ownerless ones past their deadline) and rings every node about
 * them, in one transaction.
 */
export async function heartbeat(ctx: NodeContext, limits: ReapLimits): Promise<void> {
  await ctx.run(ctx.pool, SQL.HEARTBEAT, [ctx.nodeId])
  const reaped = await transaction(ctx.pool, async (client) => {
    const { deadAfterMs, graceMs, keepMs } = limits
    const { rows } = await ctx.run(client, SQL.REAP, [deadAfterMs, graceMs, keepMs])
    if (rows.length === 0) return rows
    const bells = rows.map((row) =>
      ctx.ring(
        {
          t: 'r',
          id: row.rpc_id,
          s: row.session_id,
          o: row.state,
          w: row.state === 'aborted' ? 'server-gone' : null,
        },
        '',
      ),
    )
    await ctx.run(client, SQL.NOTIFY_MANY, [ctx.channel, bells])
    return rows
  })
  if (reaped.length > 0) tellReaped(ctx, reaped)
}

/** Tells this node's host which questions its reap ended (this node alone ended them). */
function tellReaped(ctx: NodeContext, rows: readonly Record<string, unknown>[]): void {
  const node = ctx.node()
  if (!node?.reaped) return
  const ended: ReapedQuestion[] = []
  for (const row of rows) {
    const outcome = row.state === 'timed-out' ? 'timed-out' : 'aborted'
    try {
      const entry = entryOf({ rpc_id: String(row.rpc_id), frame_text: String(row.frame_text) })
      ended.push({
        entry,
        outcome,
        reason: row.reason === 'server-gone' ? 'server-gone' : undefined,
      })
    } catch (error) {
      ctx.report(error, 'reaped')
    }
  }
  node.reaped(ended)
}
