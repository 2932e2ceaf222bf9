import type { NodeContext } from './context.ts'
import * as SQL from './sql.ts'

/**
 * Settles locally what this node awaits but missed hearing about: run every
 * `recheckMs` and after the listener reconnects, so a missed doorbell cannot
 * hang an agent.
 */
export async function recheck(ctx: NodeContext): Promise<void> {
  const awaited = ctx.node()?.awaited() ?? []
  if (awaited.length === 0) return
  const { rows } = await ctx.run(ctx.pool, SQL.RECHECK, [awaited, ctx.nodeId])
  // Asked again: one this node began to claim while the query ran is that claim's to end.
  const still = new Set(ctx.node()?.awaited())
  for (const row of rows) {
    const node = ctx.node()
    if (!node) return // left while this ran: no one to tell
    if (!still.has(row.rpc_id)) continue
    if (row.state === 'pending') node.superseded(row.rpc_id)
    else
      await node.resolved({
        rpcId: row.rpc_id,
        sessionId: row.session_id,
        outcome: row.state,
        reason: row.reason === 'server-gone' ? 'server-gone' : undefined,
        owner: row.owner,
      })
  }
}
