import { randomUUID } from 'node:crypto'
import type { ToolAnswerLine, TranscriptEvent } from '@parley/demo-chat'
import {
  type AskUserQuestionAnswer,
  type AskUserQuestionItem,
  parseRecommendedLabel,
  type UserQuestionService,
} from '@parley/seam'
import { createAskUserQuestionTool } from '@parley/tool'
import type { Session } from '../sessions.ts'
import type { createModelTurn } from './model.ts'
import { type AskResult, scriptFor, type TurnContext } from './scripts.ts'

export interface AgentDeps {
  service: UserQuestionService
  /** A real model's turn (see model.ts); without it the scripted agent answers. */
  modelTurn?: ReturnType<typeof createModelTurn> | undefined
  /** Records a transcript event on the session and sends it to its tabs. */
  emit(session: Session, event: TranscriptEvent): void
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

  async function call(
    session: Session,
    signal: AbortSignal,
    questions: readonly { id: string; question: string }[],
    run: (callId: string) => Promise<AskUserQuestionAnswer>,
    callId = `call_${randomUUID()}`,
  ): Promise<AskResult> {
    const base = {
      kind: 'tool',
      id: callId,
      name: 'ask_user_question',
      total: questions.length,
    } as const
    deps.emit(session, { ...base, status: 'running', at: now() })
    const asked = () => {
      const rpcId = deps.rpcIdOf?.(callId)
      return rpcId === undefined ? {} : { rpcId }
    }
    try {
      if (signal.aborted) throw Object.assign(new Error('aborted'), { code: 'ASK_ABORTED' })
      const answer = await run(callId)
      const answers = answerLines(questions, answer)
      const answered = answers.filter((line) => !line.skipped).length
      deps.emit(session, { ...base, status: 'answered', answered, answers, ...asked(), at: now() })
      return { ok: true, answer }
    } catch (error) {
      const result = failure(error)
      deps.emit(session, {
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
  async function send(session: Session, text: string): Promise<void> {
    session.turn?.abort(new Error('A new message interrupted the turn.'))
    const controller = new AbortController()
    session.turn = controller
    const { signal } = controller
    deps.emit(session, { kind: 'message', id: randomUUID(), role: 'user', text, at: now() })
    const ctx: TurnContext = {
      say(reply) {
        deps.emit(session, {
          kind: 'message',
          id: randomUUID(),
          role: 'agent',
          text: reply,
          at: now(),
        })
      },
      askTool: (input, options = {}) =>
        call(session, signal, input.questions, (callId) =>
          tool.execute(input, { ...options, signal, sessionId: session.id, callId }),
        ),
      askDirect: (questions: AskUserQuestionItem[]) =>
        call(session, signal, questions, (callId) =>
          deps.service.ask({ questions, sessionId: session.id, callId, signal }),
        ),
    }
    try {
      if (deps.modelTurn) {
        // The model's tool calls go through the seam; this wrapper shows each in the transcript.
        const tracked: UserQuestionService = {
          registerProvider: (provider) => deps.service.registerProvider(provider),
          ask: async (request) => {
            const result = await call(
              session,
              signal,
              request.questions,
              () => deps.service.ask(request),
              request.callId,
            )
            if (result.ok) return result.answer
            throw result.cause
          },
        }
        await deps.modelTurn(session, signal, tracked, ctx.say)
      } else await scriptFor(text)(ctx)
    } finally {
      if (session.turn === controller) session.turn = null
    }
  }

  /** Interrupts the turn in progress, as a Stop button would. */
  function stop(session: Session): boolean {
    if (!session.turn) return false
    session.turn.abort(new Error('Stopped by the user.'))
    return true
  }

  return { send, stop }
}
