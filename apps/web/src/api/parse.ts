/**
 * Type guards for everything the host sends (REST bodies and mux frames).
 * Data from outside is checked field by field, never cast.
 */
import type {
  ChatFrame,
  SessionDetail,
  SessionStatus,
  SessionSummary,
  ToolAnswerLine,
  ToolCallStatus,
  TranscriptEvent,
} from './types.ts'

type Fields = Record<string, unknown>

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const str = (value: unknown): value is string => typeof value === 'string'
const num = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

const SESSION_STATUSES: readonly SessionStatus[] = ['idle', 'waiting-for-answer', 'plan-review']
const TOOL_STATUSES: readonly ToolCallStatus[] = [
  'running',
  'answered',
  'cancelled',
  'interrupted',
  'failed',
]

function oneOf<T extends string>(values: readonly T[], value: unknown): T | null {
  return values.find((candidate) => candidate === value) ?? null
}

export function parseSession(value: unknown): SessionSummary | null {
  if (!isObject(value)) return null
  const { id, title, status, createdAt, updatedAt } = value
  const known = oneOf(SESSION_STATUSES, status)
  if (!str(id) || !str(title) || !known || !num(createdAt) || !num(updatedAt)) return null
  return { id, title, status: known, createdAt, updatedAt }
}

function parseAnswerLine(value: unknown): ToolAnswerLine | null {
  if (!isObject(value)) return null
  const { id, question, answer, skipped } = value
  if (!str(id) || !str(question) || !str(answer) || typeof skipped !== 'boolean') return null
  return { id, question, answer, skipped }
}

export function parseEvent(value: unknown): TranscriptEvent | null {
  if (!isObject(value) || !str(value.id) || !num(value.at)) return null
  const { id, at } = value
  if (value.kind === 'message') {
    const { role, text } = value
    if ((role !== 'user' && role !== 'agent') || !str(text)) return null
    return { kind: 'message', id, role, text, at }
  }
  if (value.kind === 'tool' && value.name === 'ask_user_question') {
    const status = oneOf(TOOL_STATUSES, value.status)
    if (!status || !num(value.total)) return null
    const event: TranscriptEvent = {
      kind: 'tool',
      id,
      name: 'ask_user_question',
      status,
      total: value.total,
      at,
    }
    if (num(value.answered)) event.answered = value.answered
    if (str(value.code)) event.code = value.code
    if (Array.isArray(value.answers)) {
      event.answers = value.answers.map(parseAnswerLine).filter((line) => line !== null)
    }
    return event
  }
  return null
}

/** Parses an application frame from the mux; `null` for anything that is not a chat frame. */
export function parseChatFrame(value: unknown): ChatFrame | null {
  if (!isObject(value) || !str(value.sessionId)) return null
  const { sessionId } = value
  if (value.type === 'chat/event') {
    const event = parseEvent(value.event)
    return event ? { type: 'chat/event', sessionId, event } : null
  }
  if (value.type === 'chat/session') {
    const session = parseSession(value.session)
    return session ? { type: 'chat/session', sessionId, session } : null
  }
  return null
}

export function parseSessionList(value: unknown): SessionSummary[] | null {
  if (!isObject(value) || !Array.isArray(value.sessions)) return null
  return value.sessions.map(parseSession).filter((session) => session !== null)
}

export function parseSessionDetail(value: unknown): SessionDetail | null {
  if (!isObject(value) || !Array.isArray(value.events)) return null
  const session = parseSession(value.session)
  if (!session) return null
  return { session, events: value.events.map(parseEvent).filter((event) => event !== null) }
}

export function parseCreated(value: unknown): SessionSummary | null {
  return isObject(value) ? parseSession(value.session) : null
}

/** The host's error body `{error: {code, message}}`, if it is one. */
export function parseError(value: unknown): { code: string; message: string } | null {
  if (!isObject(value) || !isObject(value.error)) return null
  const { code, message } = value.error
  return str(code) && str(message) ? { code, message } : null
}
