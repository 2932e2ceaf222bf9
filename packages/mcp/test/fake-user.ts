/**
 * A fake person behind a real seam service: a provider that answers each
 * ask with the next scripted reply, as the composer would submit it.
 */
import {
  type AskUserQuestionAnswer,
  type AskUserQuestionRequest,
  createUserQuestionService,
  UserQuestionError,
  type UserQuestionService,
} from '@parley/seam'

export type Reply = (
  request: AskUserQuestionRequest,
) => AskUserQuestionAnswer | Promise<AskUserQuestionAnswer>

export interface FakeUser {
  service: UserQuestionService
  /** Every request the user was shown, in order. */
  asked: AskUserQuestionRequest[]
  /** Scripts the reply to the next ask. */
  will(reply: Reply): FakeUser
}

export function fakeUser(service: UserQuestionService = createUserQuestionService()): FakeUser {
  const asked: AskUserQuestionRequest[] = []
  const script: Reply[] = []
  service.registerProvider({
    ask(request) {
      asked.push(request)
      const reply = script.shift()
      if (!reply) return Promise.reject(new Error('The fake user has no reply for this ask.'))
      return Promise.resolve().then(() => reply(request))
    },
  })
  const user: FakeUser = {
    service,
    asked,
    will(reply) {
      script.push(reply)
      return user
    },
  }
  return user
}

/**
 * What the user does on each question by id: a string is typed as the
 * custom answer, an array selects those labels, a missing id is skipped.
 */
export function answers(values: Record<string, string | string[]>): Reply {
  return (request) => ({
    answers: request.questions.map((question) => {
      const value = values[question.id]
      if (value === undefined) return { id: question.id, selected: [] }
      if (Array.isArray(value)) return { id: question.id, selected: value }
      return { id: question.id, selected: [], custom: value }
    }),
  })
}

/** The user picks `label` on the one-question step (Answer, Accept or Decline). */
export const choose = (label: string): Reply => answers({ respond: [label] })

/** The user dismisses the card. */
export const dismiss: Reply = () => {
  throw new UserQuestionError('The user dismissed the question.', 'ASK_CANCELLED')
}

/** The user answers after `ms`, unless the ask is withdrawn first (then `onAbort`). */
export function slowly(ms: number, reply: Reply, onAbort?: () => void): Reply {
  return (request) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve(reply(request)), ms)
      request.signal?.addEventListener('abort', () => {
        clearTimeout(timer)
        onAbort?.()
        reject(new UserQuestionError('Withdrawn.', 'ASK_ABORTED'))
      })
    })
}

/** The user never answers; the ask ends with ASK_TIMED_OUT at its deadline, as the host does it. */
export const untilTimeout: Reply = (request) =>
  new Promise((_, reject) => {
    setTimeout(
      () => reject(new UserQuestionError('Timed out.', 'ASK_TIMED_OUT')),
      request.timeoutMs ?? 60_000,
    )
  })
