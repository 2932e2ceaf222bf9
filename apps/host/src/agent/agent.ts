import { randomUUID } from 'node:crypto'
import type { ToolAnswerLine, TranscriptEvent } from '@parley/demo-chat'
import {
  type AskUserQuestionAnswer,
  type AskUserQuestionAsker,
  type AskUserQuestionItem,
  askerChain,
  isSubagentAsker,
  parseRecommendedLabel,
  type UserQuestionService,
} from '@parley/seam'
import { createAskUserQuestionTool } from '@parley/tool'
import type { SettingsStore } from '../stores/types.ts'
import type { createModelTurn } from './model.ts'
import { type AskOptions, type AskResult, scriptFor, type TurnContext } from './scripts.ts'

/** Who calls the seam, as the demo's caller policy reads it (`agent` on the request). */
export interface DemoAgent {
  readonly sessionId: string
  /** A subagent of the chat's agent (its asker names parents). */
  readonly subagent: boolean
}

function isDemoAgent(agent: unknown): agent is DemoAgent {
  return (
    typeof agent === 'object' &&
    agent !== null &&
    typeof Reflect.get(agent, 'sessionId') === 'string' &&
    typeof Reflect.get(agent, 'subagent') === 'boolean'
  )
}

/** The demo's caller policy: subagents are delegated callers; everyone else asks as the chat's agent. */
export function demoCallerPolicy(agent: unknown): 'live-root' | 'delegated' {
  return isDemoAgent(agent) && agent.subagent ? 'delegated' : 'live-root'
}

/**
 * The demo host's opt-in (`routeDelegated`): a subagent's question reaches
 * the user when its chat allows it (`/subagents on`, the default).
 */
export function routesSubagentsOf(allows: (sessionId: string) => boolean) {
  return (agent: unknown): boolean => isDemoAgent(agent) && allows(agent.sessionId)
}

export interface AgentDeps {
  service: UserQuestionService
  /** A real model's turn (see model.ts); without it the scripted agent answers. */
  modelTurn?: ReturnType<typeof createModelTurn> | undefined
  /** Records a transcript event of the session and sends it to its tabs (in order). */
  emit(sessionId: string, event: TranscriptEvent): Promise<void>
  /** The session's transcript, which a real model reads as the conversation so far. */
  transcript(sessionId: string): Promise<TranscriptEvent[]>
  /** Where each chat's `/subagents` setting lives; without it, only in this process. */
  settings?: SettingsStore | undefined
  /** A turn starts here: in a cluster, the other nodes interrupt theirs. */
  onTurnStart?(sessionId: string): void
  /** The host's rpcId of the question a tool call asked (once registered); read once, when the call ends. */
  rpcIdOf?(callId: string): string | undefined
  now?(): number
}

function answerLines(
  questions: readonly { id: string; question: string }[],
  answer: AskUserQuestionAnswer,
): ToolAnswerLine[] {
  return questions.map((question) => {
    const item = answer.answers.find((a) => a.id === question.id)
    const parts = (item?.selected ?? []).map((label) => parseRecommendedLabel(label).display)
    if (item?.custom) parts.push(item.custom)
    const skipped = parts.length === 0
    return {
      id: question.id,
      question: question.question,
      answer: skipped ? 'Skipped' : parts.join(', '),
      skipped,
    }
  })
}

function failure(error: unknown): Extract<AskResult, { ok: false }> {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  return {
    ok: false,
    code: typeof code === 'string' ? code : 'UNKNOWN',
    message: typeof message === 'string' ? message : String(error),
    cause: error,
  }
}

const STATUS_OF_CODE: Record<string, 'cancelled' | 'interrupted'> = {
  ASK_CANCELLED: 'cancelled',
  ASK_ABORTED: 'interrupted',
  ASK_TIMED_OUT: 'interrupted',
}

/** The embedded scripted agent: deterministic, no network, no API key. */
export function createScriptedAgent(deps: AgentDeps) {
  const now = deps.now ?? Date.now
  const tool = createAskUserQuestionTool(deps.service)
  /** The turn in progress of each session, on this node. */
  const turns = new Map<string, AbortController>()
  /** The last finished turn of each session, aborted when the next message comes (its answers become final). */
  const finished = new Map<string, AbortController>()
  /** What each chat said with `/subagents`, as read when its turn started here (the settings store holds it). */
  const subagentsMayAsk = new Map<string, boolean>()

  async function call(
    sessionId: string,
    signal: AbortSignal,
    questions: readonly { id: string; question: string }[],
    run: (callId: string) => Promise<AskUserQuestionAnswer>,
    callId = `call_${randomUUID()}`,
    asker?: AskUserQuestionAsker,
  ): Promise<AskResult> {
    const base = {
      kind: 'tool',
      id: callId,
      name: 'ask_user_question',
      total: questions.length,
      ...(asker && isSubagentAsker(asker) && { asker: askerChain(asker) }),
    } as const
    void deps.emit(sessionId, { ...base, status: 'running', at: now() })
    const asked = () => {
      const rpcId = deps.rpcIdOf?.(callId)
      return rpcId === undefined ? {} : { rpcId }
    }
    try {
      if (signal.aborted) throw Object.assign(new Error('aborted'), { code: 'ASK_ABORTED' })
      const answer = await run(callId)
      const answers = answerLines(questions, answer)
      const answered = answers.filter((line) => !line.skipped).length
      void deps.emit(sessionId, {
        ...base,
        status: 'answered',
        answered,
        answers,
        ...asked(),
        at: now(),
      })
      return { ok: true, answer }
    } catch (error) {
      const result = failure(error)
      void deps.emit(sessionId, {
        ...base,
        status: STATUS_OF_CODE[result.code] ?? 'failed',
        code: result.code,
        ...asked(),
        at: now(),
      })
      return result
    }
  }

  /** Runs one agent turn for a user message. A new message interrupts the turn in progress. */
  async function send(sessionId: string, text: string): Promise<void> {
    interrupt(sessionId, new Error('A new message interrupted the turn.'))
    // The last turn's answers can no longer be changed: the agent moves on.
    finished.get(sessionId)?.abort(new Error('The agent moved on.'))
    finished.delete(sessionId)
    const controller = new AbortController()
    turns.set(sessionId, controller)
    deps.onTurnStart?.(sessionId)
    const { signal } = controller
    // The last `/subagents` may have been said on another node.
    const setting = deps.settings?.subagents(sessionId).catch(() => undefined)
    const said = deps.emit(sessionId, {
      kind: 'message',
      id: randomUUID(),
      role: 'user',
      text,
      at: now(),
    })
    const ctx: TurnContext = {
      say(reply) {
        void deps.emit(sessionId, {
          kind: 'message',
          id: randomUUID(),
          role: 'agent',
          text: reply,
          at: now(),
        })
      },
      askTool: (input, options: AskOptions = {}) =>
        call(
          sessionId,
          signal,
          input.questions,
          (callId) =>
            tool.execute(input, {
              signal,
              sessionId,
              callId,
              agent:
                options.agent ??
                ({ sessionId, subagent: isSubagentAsker(options.asker) } satisfies DemoAgent),
              asker: options.asker,
              timeoutMs: options.timeoutMs,
              onAmend: options.onAmend,
              onDeadline: options.onDeadline,
            }),
          undefined,
          options.asker,
        ),
      async allowSubagents(allowed) {
        subagentsMayAsk.set(sessionId, allowed)
        await deps.settings?.setSubagents(sessionId, allowed)
      },
      askDirect: (questions: AskUserQuestionItem[]) =>
        call(sessionId, signal, questions, (callId) =>
          deps.service.ask({ questions, sessionId, callId, signal }),
        ),
    }
    const allowed = await setting
    if (allowed === undefined) subagentsMayAsk.delete(sessionId)
    else subagentsMayAsk.set(sessionId, allowed)
    try {
      if (deps.modelTurn) {
        // The model's tool calls go through the seam; this wrapper shows each in the transcript.
        const tracked: UserQuestionService = {
          registerProvider: (provider) => deps.service.registerProvider(provider),
          ask: async (request) => {
            const result = await call(
              sessionId,
              signal,
              request.questions,
              () => deps.service.ask(request),
              request.callId,
            )
            if (result.ok) return result.answer
            throw result.cause
          },
        }
        await said
        const session = { id: sessionId, events: await deps.transcript(sessionId) }
        await deps.modelTurn(session, signal, tracked, ctx.say)
      } else await scriptFor(text)(ctx)
    } finally {
      if (turns.get(sessionId) === controller) {
        turns.delete(sessionId)
        // Listening for changed answers until the next message.
        finished.set(sessionId, controller)
      }
    }
  }

  /** Aborts the session's turn in progress on this node; whether there was one. */
  function interrupt(sessionId: string, reason: Error): boolean {
    const turn = turns.get(sessionId)
    if (!turn) return false
    turns.delete(sessionId)
    turn.abort(reason)
    return true
  }

  /** Interrupts the turn in progress, as a Stop button would. */
  const stop = (sessionId: string) => interrupt(sessionId, new Error('Stopped by the user.'))

  /** A session that went away: its last turn's answers become final, its settings go. */
  function forget(sessionId: string): void {
    finished.get(sessionId)?.abort(new Error('The session ended.'))
    finished.delete(sessionId)
    subagentsMayAsk.delete(sessionId)
  }

  /** Whether the chat lets subagents ask the user (`/subagents on`, the default). */
  const allowsSubagents = (sessionId: string) => subagentsMayAsk.get(sessionId) ?? true

  return { send, stop, interrupt, forget, allowsSubagents }
}
