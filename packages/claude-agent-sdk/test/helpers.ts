import {
  type AskUserQuestionAnswer,
  type AskUserQuestionRequest,
  createUserQuestionService,
  UserQuestionError,
} from '@parley/seam'

/** What the fake person does with the request they see. */
export type Person = (request: AskUserQuestionRequest) => AskUserQuestionAnswer | 'cancel' | 'wait'

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
      if (does === 'wait') return new Promise(() => {})
      return Promise.resolve(does)
    },
  })
  return { service, seen }
}

/** The SDK's options argument for a call, with a fresh signal. */
export function callContext(extra: Record<string, unknown> = {}) {
  const controller = new AbortController()
  return {
    controller,
    context: {
      signal: controller.signal,
      toolUseID: 'toolu_01',
      requestId: 'req_01',
      ...extra,
    },
  }
}
