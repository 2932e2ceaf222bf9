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
        return Promise.reject(new UserQuestionError('No answer in time.', 'ASK_TIMED_OUT'))
      if (does === 'wait') return new Promise(() => {})
      return Promise.resolve(does)
    },
  })
  return { service, seen }
}

/** The answer choosing `label` for every question of the request. */
export function choose(request: AskUserQuestionRequest, label: string): AskUserQuestionAnswer {
  return { answers: request.questions.map(({ id }) => ({ id, selected: [label] })) }
}
