import { AskUserQuestionAnswerSchema } from '@parley/seam'
import * as v from 'valibot'

/** A question's id and text, to label answers in the rendered result. */
export interface QuestionLabel {
  id: string
  question: string
}

const quote = (text: string) => JSON.stringify(text)

function field(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const found: unknown = Reflect.get(value, key)
  return typeof found === 'string' ? found : undefined
}

function renderAnswer(
  answers: { id: string; selected: string[]; custom?: string | undefined }[],
  questions: readonly QuestionLabel[],
): string {
  const textOf = new Map(questions.map((question) => [question.id, question.question]))
  const answered = answers.filter((item) => item.selected.length > 0 || item.custom !== undefined)
  const lines = answers.map((item) => {
    const text = textOf.get(item.id)
    const head = text === undefined ? `- ${item.id}` : `- ${item.id} (${quote(text)})`
    const parts: string[] = []
    if (item.selected.length > 0) parts.push(`selected ${item.selected.map(quote).join(', ')}`)
    if (item.custom !== undefined) parts.push(`wrote ${quote(item.custom)}`)
    return `${head}: ${parts.length > 0 ? parts.join('; ') : 'skipped (no answer given; do not assume one)'}`
  })
  return [`The user answered ${answered.length} of ${answers.length} question(s).`, ...lines].join(
    '\n',
  )
}

function renderError(error: unknown): string {
  const code = field(error, 'code') ?? 'UNKNOWN'
  const message = field(error, 'message') ?? (typeof error === 'string' ? error : '')
  switch (code) {
    case 'ASK_CANCELLED':
      return 'The user cancelled the question (ASK_CANCELLED). A cancel is not consent: do not assume any answer and do not proceed as if approved.'
    case 'ASK_TIMED_OUT':
      return 'The user did not answer in time (ASK_TIMED_OUT): no human decision was made, and nothing they may have started to enter was sent. Do not assume any answer, do not pick an option or a default for them, and do not proceed as if approved.'
    case 'ASK_ABORTED':
      return 'The question was aborted before the user answered (ASK_ABORTED). Do not assume any answer.'
    case 'ASK_LIMIT_REACHED':
      return 'The question was not shown: too many questions are already waiting for the user (ASK_LIMIT_REACHED). Do not assume any answer; wait for the open questions to be answered before asking again.'
    case 'ASK_TOO_LARGE':
      return 'The question was not shown: it is too large to send to the user (ASK_TOO_LARGE). Shorten the questions, options or detail and call ask_user_question again.'
    case 'INVALID_INPUT':
      return `The tool input was invalid (INVALID_INPUT): ${message} Fix the input and call ask_user_question again.`
    default:
      return `Asking the user failed (${code})${message ? `: ${message}` : '.'}`
  }
}

/**
 * Renders an `ask_user_question` outcome as the compact text a model reads:
 * each answer by id (with its question when `questions` is given), the
 * selected labels and custom text, skips and cancels stated plainly, and any
 * other error with its code. Accepts the normalized answer or the error.
 */
export function formatToolResult(
  outcome: unknown,
  questions: readonly QuestionLabel[] = [],
): string {
  const answer = v.safeParse(AskUserQuestionAnswerSchema, outcome)
  if (answer.success && !(outcome instanceof Error))
    return renderAnswer(answer.output.answers, questions)
  return renderError(outcome)
}
