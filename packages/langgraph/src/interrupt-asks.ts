/**
 * Asking interrupts in Parley's card: each one durable Parley ask keyed by
 * the thread and the interrupt's id (`resumeKey`), and its answer turned
 * into the value the graph resumes with.
 */
import type { Interrupt } from '@langchain/langgraph'
import {
  type AskUserQuestionAnswer,
  type AskUserQuestionAsker,
  type AskUserQuestionRequest,
  isUserQuestionError,
  UserQuestionError,
  type UserQuestionService,
} from '@parley/seam'
import { type HitlWords, NotNow, rejectAll, toHitlResponse } from './hitl.ts'
import { type Reading, type Understood, understand } from './interrupt-payload.ts'

/** What the graph's checkpoint says about an interrupt: the request's opaque `agent`. */
export interface LangGraphInterruptProvenance {
  sdk: 'langgraph'
  threadId: string
  interruptId: string | undefined
  /** `askUser` for Parley's own interrupt, `hitl` for the middleware's. */
  source: 'askUser' | 'hitl'
}

/** What asking needs of the run's options; `RunWithParleyOptions` adds the rest. */
export interface InterruptAskOptions {
  /** The Parley question service whose provider shows the cards (a `@parley/host`). */
  service: UserQuestionService
  /** LangGraph's `thread_id`: the checkpointed conversation this run continues. */
  threadId: string
  /** The Parley session (chat) the cards go to. @default threadId */
  sessionId?: string | undefined
  /**
   * Ends the run: a pending card is withdrawn, the graph is not resumed (its
   * interrupts stay pending in the checkpoint) and the run rejects
   * `ASK_ABORTED`. The graph's own `invoke` gets it too.
   */
  signal?: AbortSignal | undefined
  /** A deadline for every card in milliseconds (an `askUser` may set its own). */
  timeoutMs?: number | undefined
  /** Who asks, shown on the card. @default { name: 'Agent' } */
  asker?: AskUserQuestionAsker | undefined
}

/** The key of an interrupt's durable ask: unique per session. */
const resumeKeyOf = (threadId: string, interruptId: string | undefined) =>
  interruptId === undefined ? undefined : `langgraph:${threadId}:${interruptId}`

/**
 * The resume value for `pending`, asked all at once: the one value for a
 * single interrupt without an id, else a map from interrupt id to value. The
 * first failure withdraws the other cards and rejects.
 */
export async function answerAll(
  pending: readonly Interrupt[],
  options: InterruptAskOptions,
  reading: Reading,
): Promise<unknown> {
  const { words } = reading
  const asks = pending.map((interrupt) => ({
    interrupt,
    understood: understand(interrupt, reading),
  }))
  const [only] = asks
  if (asks.length === 1 && only && only.interrupt.id === undefined)
    return answerOne(only.interrupt, only.understood, options, words, options.signal)
  if (pending.some((interrupt) => interrupt.id === undefined))
    throw new UserQuestionError(
      'Several interrupts are pending and one has no id: they cannot be resumed one by one.',
      'INVALID_QUESTION',
    )
  const controller = new AbortController()
  const stop = () => controller.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', stop, { once: true })
  if (options.signal?.aborted) stop()
  try {
    const values = await Promise.all(
      asks.map(async ({ interrupt, understood }) => {
        try {
          return await answerOne(interrupt, understood, options, words, controller.signal)
        } catch (error) {
          controller.abort(error)
          throw error
        }
      }),
    )
    return Object.fromEntries(asks.map(({ interrupt }, index) => [interrupt.id, values[index]]))
  } finally {
    options.signal?.removeEventListener('abort', stop)
  }
}

/** Asks one interrupt's card and returns its resume value. */
async function answerOne(
  interrupt: Interrupt,
  understood: Understood,
  options: InterruptAskOptions,
  words: HitlWords,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const agent: LangGraphInterruptProvenance = {
    sdk: 'langgraph',
    threadId: options.threadId,
    interruptId: interrupt.id,
    source: understood.source,
  }
  const request: AskUserQuestionRequest = {
    questions: understood.questions,
    sessionId: options.sessionId ?? options.threadId,
    agent,
    asker: (understood.source === 'askUser' ? understood.asker : undefined) ??
      options.asker ?? { name: 'Agent' },
  }
  const resumeKey = resumeKeyOf(options.threadId, interrupt.id)
  if (resumeKey !== undefined) request.resumeKey = resumeKey
  if (interrupt.id !== undefined) request.callId = interrupt.id
  if (signal !== undefined) request.signal = signal
  const timeoutMs =
    (understood.source === 'askUser' ? understood.timeoutMs : undefined) ?? options.timeoutMs
  if (timeoutMs !== undefined) request.timeoutMs = timeoutMs

  let answer: AskUserQuestionAnswer
  try {
    answer = await options.service.ask(request)
  } catch (error) {
    if (understood.source === 'hitl') {
      const message = isUserQuestionError(error, 'ASK_CANCELLED')
        ? words.dismissed
        : isUserQuestionError(error, 'ASK_TIMED_OUT')
          ? words.timedOut
          : undefined
      const rejected = message === undefined ? null : rejectAll(understood.request, message)
      if (rejected) return rejected
    }
    throw error
  }
  if (understood.source === 'askUser') return answer
  try {
    return toHitlResponse(understood.request, understood.questions, answer)
  } catch (error) {
    if (error instanceof NotNow) throw new UserQuestionError(error.message, 'ASK_CANCELLED')
    throw error
  }
}
