/**
 * Runs an agent so that every tool approval interruption becomes a Parley
 * approval card: the run stops with `result.interruptions`, each is asked,
 * the decisions go back through `state.approve` / `state.reject`, and the
 * run continues with the state until it ends. With a `resumeKey` the state
 * is kept in a {@link RunStateStore} while the person decides, so a
 * restarted process resumes the same run with the answer given while it
 * was down.
 */
import {
  type Agent,
  type AgentInputItem,
  type NonStreamRunOptions,
  Runner,
  type RunResult,
  RunState,
  type RunToolApprovalItem,
} from '@openai/agents'
import {
  type AskUserQuestionAsker,
  type AskUserQuestionRequest,
  isUserQuestionError,
  UserQuestionError,
  type UserQuestionService,
} from '@parley/seam'
import {
  type ApprovalAction,
  type ApprovalWords,
  approvalCall,
  DEFAULT_APPROVAL_WORDS,
  toApprovalAction,
  toApprovalQuestion,
} from './approval.ts'
import type { RunStateStore } from './store.ts'

// biome-ignore lint/suspicious/noExplicitAny: the SDK's own bound for any agent.
type AnyAgent = Agent<any, any>

/** Options of {@link runWithParley}. */
export interface RunWithParleyOptions<TContext> {
  /** The Parley question service the approval cards go to. */
  service: UserQuestionService
  /** The Parley session (conversation) of the cards. */
  sessionId?: string | undefined
  /**
   * A stable key of this run (a conversation turn id, a job id), at most
   * 150 characters. With it the run's state is saved in `store` while a
   * card waits, and each card is asked with the durable key
   * `${resumeKey}:${callId}`: a process that restarts and calls
   * `runWithParley` with the same key resumes the stored run instead of
   * starting over, and receives an answer given while it was down.
   */
  resumeKey?: string | undefined
  /** Where the serialized `RunState` waits; required with `resumeKey`. */
  store?: RunStateStore | undefined
  /**
   * Stops the run and every card it waits on: `runWithParley` then rejects
   * with `ASK_ABORTED` (a stored state stays, for a later resume).
   */
  signal?: AbortSignal | undefined
  /**
   * A deadline of every card in milliseconds; when it passes, the call is
   * rejected and the model reads that nobody answered in time.
   */
  timeoutMs?: number | undefined
  /** Who asks, shown on the card. @default { name: agent.name } */
  asker?: AskUserQuestionAsker | undefined
  /** Replaces words of the approval card. */
  words?: Partial<ApprovalWords> | undefined
  /** The runner (model provider, tracing, …). @default new Runner() */
  runner?: Runner | undefined
  /** The SDK's run options (context, maxTurns, session, …), for every leg of the run. */
  runOptions?: Omit<NonStreamRunOptions<TContext>, 'signal' | 'stream'> | undefined
}

const DISMISSED =
  'The person dismissed this approval without allowing it. Do not run the tool; ask them what to do.'
const TIMED_OUT = 'The person did not answer this approval in time. Do not assume an answer.'

/** The reply a card's failure becomes; rethrows what the run cannot go on from. */
function actionForFailure(error: unknown): ApprovalAction {
  if (isUserQuestionError(error, 'ASK_CANCELLED'))
    return { action: 'reject', options: { message: DISMISSED } }
  if (isUserQuestionError(error, 'ASK_TIMED_OUT'))
    return { action: 'reject', options: { message: TIMED_OUT } }
  throw error
}

function abortedError(signal: AbortSignal, cause: unknown): UserQuestionError {
  const reason = signal.reason instanceof Error ? `: ${signal.reason.message}` : ''
  return new UserQuestionError(`The run was aborted${reason}`, 'ASK_ABORTED', { cause })
}

/**
 * Runs `agent` on `input` with the SDK's `Runner`, asking the person
 * through Parley whenever a tool with `needsApproval` interrupts: one
 * approval card per interruption (Allow once, Always allow, Deny with an
 * optional reason the model reads, Always deny). Resolves with the final
 * `RunResult`, one without interruptions.
 *
 * Rejects with the service's `UserQuestionError` when a card cannot be
 * asked, with `ASK_ABORTED` when `signal` aborts, and with the SDK's own
 * errors (max turns, guardrails, model errors) unchanged. A dismissed card
 * (`ASK_CANCELLED`) or a deadline (`ASK_TIMED_OUT`) rejects the call, and
 * the model reads why.
 */
export async function runWithParley<TAgent extends AnyAgent, TContext = undefined>(
  agent: TAgent,
  input: string | AgentInputItem[],
  options: RunWithParleyOptions<TContext>,
): Promise<RunResult<TContext, TAgent>> {
  const { resumeKey, store, signal } = options
  if (resumeKey !== undefined && store === undefined)
    throw new TypeError('runWithParley: a resumeKey needs a store for the run state.')
  const runner = options.runner ?? new Runner()
  const words = { ...DEFAULT_APPROVAL_WORDS, ...options.words }

  const save = async (state: RunState<TContext, TAgent>) => {
    if (resumeKey !== undefined) await store?.save(resumeKey, state.toString())
  }

  const ask = async (item: RunToolApprovalItem, state: RunState<TContext, TAgent>) => {
    const call = approvalCall(item)
    const question = toApprovalQuestion(call, item.agent.name, words)
    const request: AskUserQuestionRequest = {
      questions: [question],
      callId: call.callId,
      asker: options.asker ?? { name: item.agent.name },
      agent: { sdk: 'openai-agents', agent: item.agent.name, tool: call.tool, callId: call.callId },
    }
    if (options.sessionId !== undefined) request.sessionId = options.sessionId
    if (options.timeoutMs !== undefined) request.timeoutMs = options.timeoutMs
    if (signal !== undefined) request.signal = signal
    if (resumeKey !== undefined) request.resumeKey = `${resumeKey}:${call.callId}`
    let decided: ApprovalAction
    try {
      decided = toApprovalAction(question, await options.service.ask(request), words)
    } catch (error) {
      decided = actionForFailure(error)
    }
    if (decided.action === 'approve') state.approve(item, decided.options)
    else state.reject(item, decided.options)
  }

  /** Asks every interruption not decided yet (a restored state may hold decisions). */
  const decide = async (state: RunState<TContext, TAgent>) => {
    const open = state.getInterruptions().filter((item) => {
      const { tool, callId } = approvalCall(item)
      return state._context.isToolApproved({ toolName: tool, callId }) === undefined
    })
    await Promise.all(open.map((item) => ask(item, state)))
  }

  const legOptions = { ...options.runOptions, ...(signal && { signal }) }
  const stored = resumeKey === undefined ? undefined : await store?.load(resumeKey)
  let next: string | AgentInputItem[] | RunState<TContext, TAgent> = input
  if (stored !== undefined) {
    const state = await RunState.fromString<TContext, TAgent>(agent, stored)
    await decide(state)
    await save(state)
    next = state
  }
  for (;;) {
    let result: RunResult<TContext, TAgent>
    try {
      result = await runner.run<TAgent, TContext>(agent, next, legOptions)
    } catch (error) {
      if (signal?.aborted && !isUserQuestionError(error)) throw abortedError(signal, error)
      throw error
    }
    if (result.interruptions.length === 0) {
      if (resumeKey !== undefined) await store?.delete(resumeKey)
      return result
    }
    // Saved before the cards are asked, and again with the decisions, so
    // a restart neither loses the wait nor asks a decided card twice.
    await save(result.state)
    await decide(result.state)
    await save(result.state)
    next = result.state
  }
}
