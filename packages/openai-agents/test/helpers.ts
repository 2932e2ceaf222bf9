import {
  type AskUserQuestionAnswer,
  type AskUserQuestionRequest,
  createUserQuestionService,
  UserQuestionError,
} from '@parley/seam'

/** What the fake person does with the request they see. */
export type Person = (
  request: AskUserQuestionRequest,
) => AskUserQuestionAnswer | 'cancel' | 'time-out' | 'wait'

/** A real question service whose provider is a scripted person; `seen` keeps what they were shown. */
export function serviceWith(person: Person) {
  const service = createUserQuestionService()
  const seen: AskUserQuestionRequest[] = []
  service.registerProvider({
    ask(request) {
      seen.push(request)
      const does = person(request)
      if (does === 'cancel')
        return Promise.reject(new UserQuestionError('The user dismissed it.', 'ASK_CANCELLED'))
      if (does === 'time-out')
        return Promise.reject(new UserQuestionError('Nobody answered.', 'ASK_TIMED_OUT'))
      if (does === 'wait')
        return new Promise((_resolve, reject) => {
          request.signal?.addEventListener('abort', () =>
            reject(new UserQuestionError('Aborted.', 'ASK_ABORTED')),
          )
        })
      return Promise.resolve(does)
    },
  })
  return { service, seen }
}

/** The person picks `label` on the approval card. */
export const choose =
  (label: string, custom?: string): Person =>
  () => ({
    answers: [{ id: 'approval', selected: [label], ...(custom !== undefined && { custom }) }],
  })

/** The person types `reason` instead of choosing (a deny with a reason). */
export const typeReason =
  (reason: string): Person =>
  () => ({ answers: [{ id: 'approval', selected: [], custom: reason }] })
