/**
 * The runner: runs a graph for a thread and answers every interrupt through
 * Parley until the graph ends. Each interrupt is one durable Parley ask,
 * keyed by the thread and the interrupt's id (`resumeKey`), so a restarted
 * process that runs the same thread again re-attaches to the question still
 * pending, or gets the answer given while it was down. Reading a payload is
 * `interrupt-payload.ts`; asking and the resume value, `interrupt-asks.ts`.
 */
import { Command, type Interrupt, isInterrupted } from '@langchain/langgraph'
import { UserQuestionError } from '@parley/seam'
import { DEFAULT_HITL_WORDS, type HitlWords } from './hitl.ts'
import { answerAll, type InterruptAskOptions } from './interrupt-asks.ts'
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
export interface RunWithParleyOptions extends InterruptAskOptions {
  /** The agent's tools, so an edit card has their arguments' JSON Schema. */
  tools?: readonly ToolWithSchema[] | undefined
  /** Replaces words of the approval card. */
  words?: Partial<HitlWords> | undefined
  /** More of LangGraph's config for `invoke` (`context`, `recursionLimit`, more `configurable`). */
  config?: Record<string, unknown> | undefined
}

/** The interrupts of a graph's result, or none. */
function interruptsOf(result: unknown): readonly Interrupt[] {
  return isInterrupted(result) ? result.__interrupt__ : []
}

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
