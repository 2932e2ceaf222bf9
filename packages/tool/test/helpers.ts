import {
  type AskUserQuestionAnswer,
  type AskUserQuestionRequest,
  createUserQuestionService,
} from '@parley/seam'

/** A service whose provider records each request and answers with `answer(request)`. */
export function serviceAnswering(
  answer: (
    request: AskUserQuestionRequest,
  ) => AskUserQuestionAnswer | Promise<AskUserQuestionAnswer>,
) {
  const service = createUserQuestionService()
  const seen: AskUserQuestionRequest[] = []
  service.registerProvider({
    ask: async (request) => {
      seen.push(request)
      return answer(request)
    },
  })
  return { service, seen }
}

/** Skips every question of the request. */
export const skipAll = (request: AskUserQuestionRequest): AskUserQuestionAnswer => ({
  answers: request.questions.map((question) => ({ id: question.id, selected: [] })),
})

/** Picks the first option of every question, or types "typed" when it has none. */
export const firstOption = (request: AskUserQuestionRequest): AskUserQuestionAnswer => ({
  answers: request.questions.map((question) => {
    const label = question.options?.[0]?.label
    return label === undefined
      ? { id: question.id, selected: [], custom: 'typed' }
      : { id: question.id, selected: [label] }
  }),
})

/** A model input with a single-select, a multi-select and a free-text question. */
export const modelInput = {
  questions: [
    {
      id: 'db',
      question: 'Which database?',
      header: 'Storage',
      options: [
        { label: 'Postgres (Recommended)', description: 'battle-tested' },
        { label: 'SQLite' },
      ],
    },
    {
      id: 'features',
      question: 'Which features?',
      options: [{ label: 'Auth' }, { label: 'Billing' }],
      multi_select: true,
    },
    { id: 'name', question: 'Project name?' },
  ],
}
