/**
 * What the admin routes answer: a question as the operator's view shows it,
 * live (still pending) or past (its audit record), in one shape. Its
 * `status` is `pending` or the outcome; the rest are the audit record's own
 * fields (record format v1, docs/observability.md), so a past question reads
 * exactly as it was logged.
 */
import type {
  AuditActor,
  AuditAmendmentRecord,
  AuditAnswer,
  AuditPlace,
  AuditQuestionRecord,
  PendingEntry,
} from '@parley/host'
import type { AskUserQuestionAsker, AskUserQuestionItem } from '@parley/seam'
import type { QuestionOutcome } from '@parley/seam/wire'

type AdminStatus = 'pending' | QuestionOutcome

/** One question, in full: what the person saw, and how it ended when it has. */
export interface AdminQuestion {
  status: AdminStatus
  rpcId: string
  sessionId: string
  callId?: string | undefined
  questions: AskUserQuestionItem[]
  asker?: AskUserQuestionAsker | undefined
  code?: AuditQuestionRecord['code']
  reason?: AuditQuestionRecord['reason']
  answer?: AuditAnswer | undefined
  by?: AuditActor | undefined
  where?: AuditPlace | undefined
  at: { asked: number; shown?: number | undefined; deadline?: number | undefined; ended?: number }
}

/** One row of the list: the question's first text and counts instead of every question. */
export interface AdminRow extends Omit<AdminQuestion, 'questions' | 'answer' | 'callId'> {
  /** The first question's text, at most {@link TITLE_CHARS} characters. */
  title: string
  questionCount: number
  /** The intent kinds the questions declare (`approval`, `plan-review`), each once. */
  intents: string[]
}

/** The characters of the first question a row carries. */
const TITLE_CHARS = 200

export function fromPending(entry: PendingEntry): AdminQuestion {
  const { frame } = entry
  return {
    status: 'pending',
    rpcId: entry.rpcId,
    sessionId: entry.sessionId,
    ...(frame.callId !== undefined && { callId: frame.callId }),
    questions: frame.questions,
    ...(frame.asker && { asker: frame.asker }),
    at: {
      asked: frame.requestedAt,
      ...(frame.deadlineAt !== undefined && { deadline: frame.deadlineAt }),
    },
  }
}

export function fromRecord(record: AuditQuestionRecord): AdminQuestion {
  const { version: _version, kind: _kind, outcome, ...rest } = record
  return { status: outcome, ...rest }
}

export function rowOf(question: AdminQuestion): AdminRow {
  const { questions, answer: _answer, callId: _callId, ...rest } = question
  const intents = new Set<string>()
  for (const item of questions) if (item.intent) intents.add(item.intent.kind)
  return {
    ...rest,
    title: Array.from(questions[0]?.question ?? '')
      .slice(0, TITLE_CHARS)
      .join(''),
    questionCount: questions.length,
    intents: [...intents],
  }
}

/** An amendment as the detail route lists it. */
export interface AdminAmendment {
  revision: number
  changed: string[]
  answer?: AuditAnswer | undefined
  by: AuditActor
  where: AuditPlace
  at: { amended: number }
}

export function amendmentOf(record: AuditAmendmentRecord): AdminAmendment {
  const { version: _v, kind: _k, rpcId: _r, sessionId: _s, ...rest } = record
  return rest
}
