/**
 * The demo host's operator routes (`/api/admin/…`), called with the admin
 * token as `Authorization: Bearer` (never in the address), and every reply
 * parsed with the schemas below: data from outside is never cast.
 */
import { AskUserQuestionAskerSchema, AskUserQuestionItemSchema } from '@parley/seam'
import * as v from 'valibot'

const time = v.pipe(v.number(), v.finite())

export const ADMIN_STATUSES = ['pending', 'answered', 'cancelled', 'aborted', 'timed-out'] as const
export type AdminStatus = (typeof ADMIN_STATUSES)[number]

const ActorSchema = v.object({ principal: v.optional(v.string()), client: v.optional(v.string()) })
const PlaceSchema = v.object({
  node: v.optional(v.string()),
  connection: v.optional(v.string()),
  transport: v.optional(v.string()),
})
const AnswerSchema = v.object({
  answers: v.array(
    v.object({
      id: v.string(),
      selected: v.array(v.string()),
      custom: v.optional(v.string()),
      redacted: v.optional(v.literal(true)),
    }),
  ),
})
const common = {
  status: v.picklist(ADMIN_STATUSES),
  rpcId: v.string(),
  sessionId: v.string(),
  asker: v.optional(AskUserQuestionAskerSchema),
  code: v.optional(v.string()),
  reason: v.optional(v.string()),
  by: v.optional(ActorSchema),
  where: v.optional(PlaceSchema),
  at: v.object({
    asked: time,
    shown: v.optional(time),
    deadline: v.optional(time),
    ended: v.optional(time),
  }),
}

const RowSchema = v.object({
  ...common,
  title: v.string(),
  questionCount: v.number(),
  intents: v.array(v.string()),
})
const PageSchema = v.object({ questions: v.array(RowSchema), next: v.nullable(v.string()) })
const QuestionSchema = v.object({
  ...common,
  callId: v.optional(v.string()),
  questions: v.array(AskUserQuestionItemSchema),
  answer: v.optional(AnswerSchema),
})
const AmendmentSchema = v.object({
  revision: v.number(),
  changed: v.array(v.string()),
  answer: v.optional(AnswerSchema),
  by: ActorSchema,
  where: PlaceSchema,
  at: v.object({ amended: time }),
})
const DetailSchema = v.object({ question: QuestionSchema, amendments: v.array(AmendmentSchema) })
const ErrorSchema = v.object({ error: v.object({ code: v.string(), message: v.string() }) })

export type AdminRow = v.InferOutput<typeof RowSchema>
export type AdminPage = v.InferOutput<typeof PageSchema>
export type AdminQuestion = v.InferOutput<typeof QuestionSchema>
export type AdminAnswer = v.InferOutput<typeof AnswerSchema>
export type AdminAmendment = v.InferOutput<typeof AmendmentSchema>
export type AdminDetail = v.InferOutput<typeof DetailSchema>

/** A refused or failed admin call, with the host's error code. */
export class AdminError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'AdminError'
  }
}

async function get<S extends v.GenericSchema>(
  path: string,
  token: string | null,
  schema: S,
): Promise<v.InferOutput<S>> {
  const response = await fetch(path, {
    headers: {
      accept: 'application/json',
      ...(token !== null && { authorization: `Bearer ${token}` }),
    },
    // The admin token is the credential: no cookie is needed or sent.
    credentials: 'omit',
  })
  const data: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const error = v.safeParse(ErrorSchema, data)
    throw new AdminError(
      response.status,
      error.success ? error.output.error.code : 'HTTP_ERROR',
      error.success ? error.output.error.message : `The host answered ${response.status}.`,
    )
  }
  const parsed = v.safeParse(schema, data)
  if (!parsed.success)
    throw new AdminError(0, 'BAD_RESPONSE', 'The host sent something unexpected.')
  return parsed.output
}

/** What the list is narrowed to (empty: everything). */
export interface AdminFilters {
  outcome: AdminStatus | ''
  session: string
}

export const adminApi = {
  list(token: string, filters: AdminFilters, before: string | undefined): Promise<AdminPage> {
    const query = new URLSearchParams()
    if (filters.outcome) query.set('outcome', filters.outcome)
    if (filters.session) query.set('session', filters.session)
    if (before !== undefined) query.set('before', before)
    const search = query.toString() ? `?${query}` : ''
    return get(`/api/admin/questions${search}`, token, PageSchema)
  },
  get(token: string, rpcId: string): Promise<AdminDetail> {
    return get(`/api/admin/questions/${encodeURIComponent(rpcId)}`, token, DetailSchema)
  },
}
