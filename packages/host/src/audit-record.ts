/**
 * The audit log's record format: one `question` record when a question ends
 * (what was shown, how it ended, who ended it, where and when) and one
 * `amendment` record per accepted change of its answer. Valibot schemas, so a
 * sink that reads records back (a database, a JSON Lines file) parses them
 * with the same definition the host writes them with.
 */
import {
  AskUserQuestionAnswerItemSchema,
  AskUserQuestionAskerSchema,
  AskUserQuestionItemSchema,
} from '@parley/seam'
import { QuestionOutcomeSchema } from '@parley/seam/wire'
import * as v from 'valibot'

/** The version of the record format this host writes. A change of shape is a new version. */
export const AUDIT_RECORD_VERSION = 1

const epochMs = v.pipe(v.number(), v.finite())

/**
 * An answer as the audit log keeps it, after the `redact` hook: the selected
 * labels, and the typed text only when the hook kept it. `redacted` says
 * that the item had typed text the log does not hold.
 */
export const AuditAnswerSchema = v.object({
  answers: v.array(
    v.object({
      ...AskUserQuestionAnswerItemSchema.entries,
      redacted: v.optional(v.literal(true)),
    }),
  ),
})

/** Who ended a question or changed an answer. */
export const AuditActorSchema = v.object({
  /** The principal's id, as the host's `audit.principalId` gives it; absent when it gave none. */
  principal: v.optional(v.string()),
  /** The client label of the tab that sent it ("Chrome on macOS"; empty when unknown). */
  client: v.optional(v.string()),
})

/** Where the host stood when it recorded: its node, and the connection that first showed the question. */
export const AuditPlaceSchema = v.object({
  /** The node id (the coordinator's in a cluster, else `audit.nodeId`). */
  node: v.optional(v.string()),
  /** The id of the downlink this node first delivered the question on (node-local). */
  connection: v.optional(v.string()),
  /** That downlink's transport. */
  transport: v.optional(v.picklist(['websocket', 'sse'])),
})

/** The record of one question, written once, when it ended. */
export const AuditQuestionRecordSchema = v.object({
  version: v.literal(AUDIT_RECORD_VERSION),
  kind: v.literal('question'),
  rpcId: v.string(),
  sessionId: v.string(),
  /** The tool call that asked, when the agent said. */
  callId: v.optional(v.string()),
  /**
   * The questions as every tab was shown them (text, options, detail and each
   * question's intent — the seam's own schema, so every intent it defines).
   */
  questions: v.array(AskUserQuestionItemSchema),
  /** Who asked (the agent and its parents), when the agent said. */
  asker: v.optional(AskUserQuestionAskerSchema),
  outcome: QuestionOutcomeSchema,
  /** `server-gone`: the node whose agent awaited it stopped, and the cluster ended it. */
  reason: v.optional(v.picklist(['server-gone'])),
  /** The error code the ask rejected with, for every outcome but `answered`. */
  code: v.optional(v.picklist(['ASK_CANCELLED', 'ASK_ABORTED', 'ASK_TIMED_OUT'])),
  /** For `answered`: the answer, as the `redact` hook left it; absent when it kept none. */
  answer: v.optional(AuditAnswerSchema),
  /** Who ended it (answers and cancels). */
  by: v.optional(AuditActorSchema),
  where: AuditPlaceSchema,
  at: v.object({
    /** When the host registered the ask. */
    asked: epochMs,
    /** When this node first delivered it to a tab; absent when it did not. */
    shown: v.optional(epochMs),
    /** The deadline when it ended, for an ask with `timeoutMs`. */
    deadline: v.optional(epochMs),
    /** When it ended. */
    ended: epochMs,
  }),
})

/** The record of one accepted change of a standing answer (revision 1, 2, …). */
export const AuditAmendmentRecordSchema = v.object({
  version: v.literal(AUDIT_RECORD_VERSION),
  kind: v.literal('amendment'),
  rpcId: v.string(),
  sessionId: v.string(),
  revision: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  /** The ids of the questions whose answer changed. */
  changed: v.array(v.string()),
  answer: v.optional(AuditAnswerSchema),
  by: AuditActorSchema,
  where: AuditPlaceSchema,
  at: v.object({ amended: epochMs }),
})

/** Any record of the audit log, tagged on `kind`. */
export const AuditRecordSchema = v.variant('kind', [
  AuditQuestionRecordSchema,
  AuditAmendmentRecordSchema,
])

export type AuditAnswer = v.InferOutput<typeof AuditAnswerSchema>
export type AuditActor = v.InferOutput<typeof AuditActorSchema>
export type AuditPlace = v.InferOutput<typeof AuditPlaceSchema>
export type AuditQuestionRecord = v.InferOutput<typeof AuditQuestionRecordSchema>
export type AuditAmendmentRecord = v.InferOutput<typeof AuditAmendmentRecordSchema>
export type AuditRecord = v.InferOutput<typeof AuditRecordSchema>

/** Parses a record read back from storage; `null` when it is not one this host writes. */
export function parseAuditRecord(data: unknown): AuditRecord | null {
  const parsed = v.safeParse(AuditRecordSchema, data)
  return parsed.success ? parsed.output : null
}
