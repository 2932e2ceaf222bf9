/**
 * Everything the host sends (REST bodies and mux frames), parsed with the
 * demo chat's schemas (`@parley/demo-chat`); data from outside is never cast.
 * A list keeps the items that parse and drops the rest.
 */
import {
  type ChatFrame,
  ChatFrameSchema,
  CreatedSchema,
  ErrorBodySchema,
  parseEach,
  type SessionDetail,
  SessionDetailSchema,
  SessionListSchema,
  type SessionSummary,
  SessionSummarySchema,
  TranscriptEventSchema,
} from '@parley/demo-chat'
import * as v from 'valibot'

const parsed = <S extends v.GenericSchema>(schema: S, value: unknown) => {
  const result = v.safeParse(schema, value)
  return result.success ? result.output : null
}

/** Parses an application frame from the mux; `null` for anything that is not a chat frame. */
export function parseChatFrame(value: unknown): ChatFrame | null {
  return parsed(ChatFrameSchema, value)
}

export function parseSessionList(value: unknown): SessionSummary[] | null {
  const list = parsed(SessionListSchema, value)
  return list ? parseEach(SessionSummarySchema, list.sessions) : null
}

export function parseSessionDetail(value: unknown): SessionDetail | null {
  const detail = parsed(SessionDetailSchema, value)
  if (!detail) return null
  return { session: detail.session, events: parseEach(TranscriptEventSchema, detail.events) }
}

export function parseCreated(value: unknown): SessionSummary | null {
  return parsed(CreatedSchema, value)?.session ?? null
}

/** The host's error body `{error: {code, message}}`, if it is one. */
export function parseError(value: unknown): { code: string; message: string } | null {
  return parsed(ErrorBodySchema, value)?.error ?? null
}
