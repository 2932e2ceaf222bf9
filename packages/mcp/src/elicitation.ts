import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import {
  CancelledNotificationSchema,
  ElicitRequestSchema,
  type ElicitResult,
  ErrorCode,
  McpError,
  RequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import {
  type AskUserQuestionAnswer,
  type AskUserQuestionItem,
  type AskUserQuestionRequest,
  isUserQuestionError,
  shapeIssues,
  type UserQuestionService,
  validateRequest,
} from '@parley/seam'
import * as v from 'valibot'
import {
  DEFAULT_LABELS,
  declineStep,
  type ElicitationLabels,
  toElicitationForm,
} from './elicitation.mapping.ts'
import { openElicitation } from './elicitation.pending.ts'
import { FormElicitationParamsSchema } from './elicitation.schema.ts'
import { DEFAULT_PROGRESS_INTERVAL_MS, startHeartbeat } from './heartbeat.ts'

/** Options of {@link registerElicitationHandler}. */
export interface ElicitationHandlerOptions {
  /**
   * The card's eyebrow on every question. @default the server's `title`, else
   * its `name` (from `initialize`)
   */
  header?: string | undefined
  /**
   * Ask first whether the user answers the request or declines it, so an
   * explicit "Decline" reaches the server as `decline` (the card's dismiss is
   * always `cancel`). With `false` the form is asked at once, and the user
   * can only answer or dismiss. A request without properties always asks
   * this one step (Accept / Decline). @default true
   */
  decline?: boolean | undefined
  /** The words Parley adds (Yes / No, Answer / Accept / Decline, the recommendation suffix). */
  labels?: Partial<ElicitationLabels> | undefined
  /** Routes every ask to a conversation (a session-routed provider needs it). */
  sessionId?: string | undefined
  /** The calling agent, for the service's caller policy. */
  agent?: unknown
  /**
   * Parley's deadline for the user, in milliseconds, both steps together:
   * when it passes the card is withdrawn and the server gets `cancel`.
   * @default none: the card waits until answered, dismissed or withdrawn
   */
  timeoutMs?: number | undefined
  /**
   * How often to send progress while the user answers, when the server's
   * request carries a progress token (`humanPacedRequestOptions`);
   * `false` never sends any. @default 15000
   */
  progressIntervalMs?: number | false | undefined
}

/**
 * `elicitation/create` with its params kept as sent (the SDK's own schema
 * drops keys MCP does not define, such as a string's `pattern`); Parley
 * parses them with its own schema.
 */
const RawElicitRequestSchema = ElicitRequestSchema.extend({ params: RequestSchema.shape.params })

function serverHeader(client: Client): string {
  const server = client.getServerVersion()
  return server?.title?.trim() || server?.name?.trim() || 'MCP server'
}

function invalid(message: string, data?: unknown): McpError {
  return new McpError(ErrorCode.InvalidParams, message, data)
}

/**
 * typescript-sdk#2283: the SDK drops a cancellation of request id 0 (its
 * guard is `if (!requestId)`), and 0 is the first request a server sends on
 * a connection, most often an elicitation: its card would stay open after
 * the server gave up. Parley aborts its own pending elicitations on any id
 * and hands every cancellation on to the SDK's handler as before; on an SDK
 * without that handler it changes nothing.
 */
function withdrawOnCancel(client: Client, pending: Map<string | number, AbortController>): void {
  const sdkCancel: unknown = Reflect.get(client, '_oncancel')
  if (typeof sdkCancel !== 'function') return
  client.setNotificationHandler(CancelledNotificationSchema, (notification) => {
    const { requestId, reason } = notification.params
    if (requestId !== undefined) pending.get(requestId)?.abort(reason)
    return sdkCancel.call(client, notification)
  })
}

/** Where Parley's refusal of an ask becomes the JSON-RPC error the server reads. */
function failure(error: unknown): McpError | undefined {
  if (!isUserQuestionError(error)) return undefined
  const request = ['EMPTY_QUESTIONS', 'INVALID_QUESTION', 'BAD_INTENT'].includes(error.code)
  return new McpError(
    request ? ErrorCode.InvalidParams : ErrorCode.InternalError,
    `Parley could not ask the user (${error.code}): ${error.message}`,
    { code: error.code },
  )
}

/** What the server gets when an ask ends without an answer: `cancel` for the user's dismiss or Parley's deadline. */
function ending(error: unknown): ElicitResult {
  if (isUserQuestionError(error, 'ASK_CANCELLED') || isUserQuestionError(error, 'ASK_TIMED_OUT'))
    return { action: 'cancel' }
  throw failure(error) ?? error
}

/**
 * Makes an MCP `Client` answer form-mode `elicitation/create` requests
 * through Parley: each request becomes a card (the server's name as its
 * eyebrow, its message as the question, one question per property), and the
 * user's answer goes back as typed `content`. Declares the client's
 * `elicitation: { form: {} }` capability, so call it **before**
 * `client.connect()`; URL-mode requests are refused by the SDK with
 * "Client does not support URL-mode elicitation requests". Returns a
 * function that removes the handler.
 */
export function registerElicitationHandler(
  client: Client,
  service: UserQuestionService,
  options: ElicitationHandlerOptions = {},
): () => void {
  if (client.transport !== undefined)
    throw new Error(
      'registerElicitationHandler(client) must run before client.connect(): the elicitation capability is declared when the client initializes.',
    )
  const labels: ElicitationLabels = { ...DEFAULT_LABELS, ...options.labels }
  const interval = options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS
  client.registerCapabilities({ elicitation: { form: {} } })
  const pending = new Map<string | number, AbortController>()
  withdrawOnCancel(client, pending)
  client.setRequestHandler(
    RawElicitRequestSchema,
    async (request, extra): Promise<ElicitResult> => {
      const raw = request.params
      if (raw?.mode === 'url')
        throw invalid('URL-mode elicitation is not supported: this client declares form mode only.')
      const parsed = v.safeParse(FormElicitationParamsSchema, raw)
      if (!parsed.success) {
        const issues = shapeIssues(parsed.issues, 'INVALID_QUESTION')
        throw invalid(
          `Parley cannot show this elicitation: ${issues.map((issue) => issue.message).join('; ')}`,
          { issues },
        )
      }
      const header = options.header ?? serverHeader(client)
      const form = toElicitationForm(parsed.output, header, labels)
      if (form.questions.length > 0) {
        const checked = validateRequest({ questions: form.questions })
        if (!checked.ok)
          throw invalid(
            `Parley cannot show this elicitation: ${checked.issues.map((issue) => issue.message).join(' ')}`,
            { issues: checked.issues },
          )
      }
      const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs
      const withdrawn = new AbortController()
      const withdraw = () => withdrawn.abort(extra.signal.reason)
      extra.signal.addEventListener('abort', withdraw, { once: true })
      pending.set(extra.requestId, withdrawn)
      const ask = (questions: AskUserQuestionItem[]): Promise<AskUserQuestionAnswer> => {
        const ask: AskUserQuestionRequest = { questions, signal: withdrawn.signal }
        if (options.sessionId !== undefined) ask.sessionId = options.sessionId
        if (options.agent !== undefined) ask.agent = options.agent
        if (deadline !== undefined) ask.timeoutMs = Math.max(1, Math.ceil(deadline - Date.now()))
        return service.ask(ask)
      }
      const stop = startHeartbeat(
        raw?._meta?.progressToken,
        extra.sendNotification,
        interval,
        'Waiting for the user to answer',
      )
      const close = openElicitation(client)
      try {
        const noFields = form.questions.length === 0
        if (options.decline !== false || noFields) {
          const step = declineStep(parsed.output, header, labels)
          const chosen = (await ask([step])).answers[0]?.selected[0]
          if (chosen === labels.decline) return { action: 'decline' }
          if (noFields) return { action: 'accept', content: {} }
        }
        return { action: 'accept', content: form.contentOf(await ask(form.questions)) }
      } catch (error) {
        return ending(error)
      } finally {
        stop()
        close()
        extra.signal.removeEventListener('abort', withdraw)
        if (pending.get(extra.requestId) === withdrawn) pending.delete(extra.requestId)
      }
    },
  )
  return () => client.removeRequestHandler('elicitation/create')
}
