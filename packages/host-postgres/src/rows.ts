import type { CoordinatedSettlement, PendingEntry } from '@parley/host'
import { AskUserQuestionAnswerSchema } from '@parley/seam'
import { parseQuestionRequestedFrame, parseWith, QuestionOutcomeSchema } from '@parley/seam/wire'

/** A stored row is parsed like any other input: a row that does not parse is a corrupt table. */
export class CorruptRowError extends Error {
  readonly code = 'CORRUPT_ROW'
  constructor(what: string, rpcId: unknown) {
    super(`parley_questions row ${String(rpcId)}: ${what} does not parse.`)
  }
}

/**
 * The pending entry of a row with `rpc_id` and `frame_text`. With
 * `deadline_ms` (where the deadline is now), a frame whose deadline moved
 * since it was asked says the new one.
 */
export function entryOf(row: {
  rpc_id: string
  frame_text: string
  deadline_ms?: unknown
}): PendingEntry {
  let data: unknown
  try {
    data = JSON.parse(row.frame_text)
  } catch {
    throw new CorruptRowError('frame_text', row.rpc_id)
  }
  const parsed = parseQuestionRequestedFrame(data)
  if (!parsed.ok || parsed.value.rpcId !== row.rpc_id)
    throw new CorruptRowError('frame_text', row.rpc_id)
  const stored = parsed.value
  const now =
    row.deadline_ms === null || row.deadline_ms === undefined ? undefined : Number(row.deadline_ms)
  const moved = stored.deadlineAt !== undefined && now !== undefined && now !== stored.deadlineAt
  const frame = moved ? { ...stored, deadlineAt: now } : stored
  return {
    rpcId: frame.rpcId,
    sessionId: frame.sessionId,
    frame,
    frameText: moved ? JSON.stringify(frame) : row.frame_text,
    request: {
      questions: frame.questions,
      sessionId: frame.sessionId,
      ...(frame.callId !== undefined && { callId: frame.callId }),
    },
  }
}

/** How a settled row ended (`state`, `reason`, `answer`). */
export function settlementOf(
  row: { state: unknown; reason: unknown; answer: unknown; rpc_id?: unknown } | undefined,
): CoordinatedSettlement {
  if (!row) throw new CorruptRowError('the settled row', undefined)
  const state = parseWith(QuestionOutcomeSchema, row.state)
  if (!state.ok) throw new CorruptRowError('state', row.rpc_id)
  if (state.value !== 'answered')
    return {
      outcome: state.value,
      reason: row.reason === 'server-gone' ? 'server-gone' : undefined,
    }
  const answer = parseWith(AskUserQuestionAnswerSchema, row.answer)
  if (!answer.ok) throw new CorruptRowError('answer', row.rpc_id)
  return { outcome: 'answered', answer: answer.value }
}
