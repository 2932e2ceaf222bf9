/**
 * The runner: runs a graph for a thread and answers every interrupt through
 * Parley until the graph ends. Each interrupt is one durable Parley ask,
 * keyed by the thread and the interrupt's id (`resumeKey`), so a restarted
 * process that runs the same thread again re-attaches to the question still
 * pending, or gets the answer given while it was down.
 */
import { Command, type Interrupt, isInterrupted } from '@langchain/langgraph'
import {
  type AskUserQuestionAnswer,
  type AskUserQuestionAsker,
  type AskUserQuestionItem,
  type AskUserQuestionRequest,
  isUserQuestionError,
  UserQuestionError,
  type UserQuestionService,
  validateRequest,
} from '@parley/seam'
import * as v from 'valibot'
import { failure, ParleyInterruptSchema } from './ask-user.ts'
import {
  DEFAULT_HITL_WORDS,
  type HitlRequest,
  HitlRequestSchema,
  type HitlWords,
  NotNow,
  rejectAll,
  toApprovalQuestions,
  toHitlResponse,
} from './hitl.ts'
import { schemaOfTools, type ToolWithSchema } from './tools.ts'

/** The config the runner passes to `invoke`: the thread, the signal, and yours. */
export interface ParleyRunConfig {
  configurable: { thread_id: string; [key: string]: unknown }
  signal?: AbortSignal
  [key: string]: unknown
}

/** What the runner needs of a graph: LangGraph's compiled graphs and `createAgent`'s agents both fit. */
export interface ParleyGraph<Input, Output> {
  invoke(input: Input | Command, config: ParleyRunConfig): Promise<Output>
  getState(config: ParleyRunConfig): Promise<{
    readonly tasks: readonly { readonly interrupts: readonly Interrupt[] }[]
  }>
}

/** Options of {@link runWithParley}. */
export interface RunWithParleyOptions {
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
  /** The agent's tools, so an edit card has their arguments' JSON Schema. */
  tools?: readonly ToolWithSchema[] | undefined
  /** Replaces words of the approval card. */
  words?: Partial<HitlWords> | undefined
  /** More of LangGraph's config for `invoke` (`context`, `recursionLimit`, more `configurable`). */
  config?: Record<string, unknown> | undefined
}

/** What the graph's checkpoint says about an interrupt: the request's opaque `agent`. */
export interface LangGraphInterruptProvenance {
  sdk: 'langgraph'
  threadId: string
  interruptId: string | undefined
  /** `askUser` for Parley's own interrupt, `hitl` for the middleware's. */
  source: 'askUser' | 'hitl'
}

type Understood =
  | {
      source: 'askUser'
      questions: AskUserQuestionItem[]
      timeoutMs?: number
      asker?: AskUserQuestionAsker
    }
  | { source: 'hitl'; request: HitlRequest; questions: AskUserQuestionItem[] }

/** The interrupts of a graph's result, or none. */
function interruptsOf(result: unknown): readonly Interrupt[] {
  return isInterrupted(result) ? result.__interrupt__ : []
}

/** The key of an interrupt's durable ask: unique per session. */
const resumeKeyOf = (threadId: string, interruptId: string | undefined) =>
  interruptId === undefined ? undefined : `langgraph:${threadId}:${interruptId}`

/**
 * Runs `graph` on `input` for `options.threadId` and answers its interrupts
 * in Parley's card until it ends; resolves with the graph's final output.
 *
 * - **`askUser()` interrupts** are asked as they are; the graph resumes with
 *   the answer. No answer (dismissed, deadline, a card that cannot be shown)
 *   rejects the run with that `UserQuestionError` and leaves the interrupt
 *   pending, so running the thread again asks again.
 * - **The human-in-the-loop middleware's interrupts** become approval cards,
 *   one per tool call, with only the decisions its review config allows; the
 *   graph resumes with `{ decisions }`. A dismissed card or a deadline rejects
 *   the calls (with a message saying so) where reject is allowed.
 * - **Several interrupts at once** are asked together and resumed at once,
 *   keyed by interrupt id. Any other interrupt rejects the run
 *   `INVALID_QUESTION`.
 *
 * When the thread already waits on interrupts (a process that restarted),
 * `input` is not sent: the run asks those again with the same `resumeKey`
 * (`langgraph:<threadId>:<interruptId>`), which re-attaches to the card
 * still pending or resolves with the answer given meanwhile.
 */
export async function runWithParley<Input, Output>(
  graph: ParleyGraph<Input, Output>,
  input: NoInfer<Input>,
  options: RunWithParleyOptions,
): Promise<Output> {
  const config: ParleyRunConfig = {
    ...options.config,
    configurable: {
      ...(isRecord(options.config?.configurable) ? options.config.configurable : {}),
      thread_id: options.threadId,
    },
  }
  if (options.signal !== undefined) config.signal = options.signal
  const words = { ...DEFAULT_HITL_WORDS, ...options.words }
  const schemaOf = schemaOfTools(options.tools ?? [])

  const run = async (next: Input | Command): Promise<Output> => {
    try {
      return await graph.invoke(next, config)
    } catch (error) {
      stopIfAborted(options.signal, error)
      throw error
    }
  }
  const answer = (pending: readonly Interrupt[]) => answerAll(pending, options, { words, schemaOf })

  const state = await graph.getState(config)
  const waiting = state.tasks.flatMap((task) => task.interrupts)
  let next: Input | Command =
    waiting.length > 0 ? new Command({ resume: await answer(waiting) }) : input
  for (;;) {
    stopIfAborted(options.signal)
    const output = await run(next)
    const pending = interruptsOf(output)
    if (pending.length === 0) return output
    next = new Command({ resume: await answer(pending) })
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Throws `ASK_ABORTED` once the run's signal aborted (with what the graph threw as the cause). */
function stopIfAborted(signal: AbortSignal | undefined, thrown?: unknown) {
  if (signal?.aborted)
    throw new UserQuestionError('The run was aborted.', 'ASK_ABORTED', {
      cause: thrown ?? signal.reason,
    })
}

/** Reads an interrupt's payload: Parley's own, the middleware's, or neither (refused). */
function understand(
  interrupt: Interrupt,
  words: HitlWords,
  schemaOf: (tool: string) => Record<string, unknown> | undefined,
): Understood {
  const parley = v.safeParse(ParleyInterruptSchema, interrupt.value)
  if (parley.success) {
    const { questions, timeoutMs, asker } = parley.output
    // Read back from a checkpoint: parsed again, as any request is.
    const checked = validateRequest({ questions, timeoutMs, asker })
    if (!checked.ok) throw failure(checked.issues)
    const understood: Understood = { source: 'askUser', questions: checked.request.questions }
    if (checked.request.timeoutMs !== undefined) understood.timeoutMs = checked.request.timeoutMs
    if (checked.request.asker !== undefined) understood.asker = checked.request.asker
    return understood
  }
  const hitl = v.safeParse(HitlRequestSchema, interrupt.value)
  if (hitl.success)
    return {
      source: 'hitl',
      request: hitl.output,
      questions: toApprovalQuestions(hitl.output, words, schemaOf),
    }
  throw new UserQuestionError(
    `An interrupt Parley cannot show (id ${interrupt.id ?? 'none'}): neither askUser() nor the human-in-the-loop middleware raised it.`,
    'INVALID_QUESTION',
  )
}

interface Reading {
  words: HitlWords
  schemaOf: (tool: string) => Record<string, unknown> | undefined
}

/**
 * The resume value for `pending`, asked all at once: the one value for a
 * single interrupt without an id, else a map from interrupt id to value. The
 * first failure withdraws the other cards and rejects.
 */
async function answerAll(
  pending: readonly Interrupt[],
  options: RunWithParleyOptions,
  { words, schemaOf }: Reading,
): Promise<unknown> {
  const asks = pending.map((interrupt) => ({
    interrupt,
    understood: understand(interrupt, words, schemaOf),
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
  options: RunWithParleyOptions,
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
