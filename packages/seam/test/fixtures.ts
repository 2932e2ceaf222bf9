import type {
  AskUserQuestionAnswer,
  AskUserQuestionItem,
  AskUserQuestionRequest,
  UserQuestionProvider,
} from '../src/index.ts'

/** A single-select question with two options. */
export const colour: AskUserQuestionItem = {
  id: 'colour',
  question: 'Which colour?',
  options: [{ label: 'Red' }, { label: 'Blue (Recommended)', description: 'calm' }],
}

/** A multi-select question with three options. */
export const toppings: AskUserQuestionItem = {
  id: 'toppings',
  question: 'Which toppings?',
  multiSelect: true,
  options: [{ label: 'Cheese' }, { label: 'Olives' }, { label: 'Basil' }],
}

/** An optionless, free-text question. */
export const name: AskUserQuestionItem = { id: 'name', question: 'What is your name?' }

/** A plan review with a valid intent. */
export const plan: AskUserQuestionItem = {
  id: 'plan',
  question: 'Approve the plan?',
  detail: '1. Do the thing.',
  options: [{ label: 'Approve' }, { label: 'Keep planning' }],
  intent: { kind: 'plan-review', approve: 'Approve' },
}

/** A request with every kind of question. */
export const batch = { questions: [colour, toppings, name] } satisfies AskUserQuestionRequest

/** A valid answer to {@link batch}. */
export const batchAnswer: AskUserQuestionAnswer = {
  answers: [
    { id: 'colour', selected: ['Red'] },
    { id: 'toppings', selected: ['Cheese', 'Basil'] },
    { id: 'name', selected: [], custom: 'Ada' },
  ],
}

/** A provider that records the requests it sees and answers with `answer`. */
export function answering(answer: unknown = batchAnswer) {
  const seen: AskUserQuestionRequest[] = []
  const provider: UserQuestionProvider = {
    ask(request) {
      seen.push(request)
      // A provider returning garbage is exactly what BAD_ANSWER tests need.
      return Promise.resolve(answer as AskUserQuestionAnswer)
    },
  }
  return { provider, seen }
}

/** A provider that never settles unless its request's signal aborts. */
export function waiting() {
  const seen: AskUserQuestionRequest[] = []
  const provider: UserQuestionProvider = {
    ask(request) {
      seen.push(request)
      return new Promise(() => {})
    },
  }
  return { provider, seen }
}

/** The rejection of `promise`, or a failure if it fulfils. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the promise to reject')
}
