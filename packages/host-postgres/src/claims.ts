import type { ClaimOutcome, CoordinatedSettlement } from '@parley/host'
import type { QuestionEndedBy } from '@parley/seam/wire'
import type { NodeContext } from './context.ts'
import { seal } from './keys.ts'
import { answerAad } from './notifications.ts'
import { settlementOf } from './rows.ts'
import * as SQL from './sql.ts'

/**
 * Settles `rpcId` if it is still pending: one `UPDATE … WHERE state =
 * 'pending'` whose doorbell commits with it (a small answer rides along,
 * sealed). `responseId` makes a retry of the same response a `repeat`.
 */
export async function claim(
  ctx: NodeContext,
  rpcId: string,
  settlement: CoordinatedSettlement,
  responseId?: string,
  by?: QuestionEndedBy,
): Promise<ClaimOutcome> {
  const answer = settlement.outcome === 'answered' ? JSON.stringify(settlement.answer) : null
  const reason = settlement.outcome === 'answered' ? null : (settlement.reason ?? null)
  const inline = answer !== null && Buffer.byteLength(answer) <= SQL.INLINE_ANSWER_BYTES
  const resolved = ctx.ring({
    t: 'r',
    id: rpcId,
    o: settlement.outcome,
    w: reason,
    b: by ?? null,
    a: inline ? seal(ctx.keys, answerAad(rpcId), answer) : null,
  })
  const { rows } = await ctx.run(ctx.pool, SQL.CLAIM, [
    rpcId,
    settlement.outcome,
    answer,
    reason,
    responseId ?? null,
    ctx.nodeId,
    ctx.channel,
    resolved,
    settlement.outcome === 'timed-out' ? (settlement.deadlineAt ?? null) : null,
  ])
  if (rows[0]) return { status: 'won', sessionId: rows[0].session_id }
  // A retry racing its own first attempt (on another node) finds it won: still a success.
  if (responseId !== undefined) {
    const same = await ctx.run(ctx.pool, SQL.WON_BY, [rpcId, responseId])
    if (same.rowCount === 1) return { status: 'repeat' }
  }
  return { status: 'lost' }
}

/** Did the response `responseId` already win `rpcId` of `sessionId`? (a retried POST) */
export async function repeated(
  ctx: NodeContext,
  rpcId: string,
  sessionId: string,
  responseId: string,
): Promise<boolean> {
  const { rowCount } = await ctx.run(ctx.pool, SQL.REPEATED, [rpcId, sessionId, responseId])
  return rowCount === 1
}

/** How `rpcId` ended, for this node that awaits it, marked delivered; `undefined` if it is not this node's to collect. */
export async function collect(
  ctx: NodeContext,
  rpcId: string,
): Promise<CoordinatedSettlement | undefined> {
  const { rows } = await ctx.run(ctx.pool, SQL.COLLECT, [rpcId, ctx.nodeId])
  return rows[0] ? settlementOf(rows[0]) : undefined
}
