import {
  type AskUserQuestionAmendment,
  AskUserQuestionAnswerSchema,
  type AskUserQuestionAsker,
  askerChain,
  isSubagentAsker,
} from '@parley/seam'
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

type AnswerItem = { id: string; selected: string[]; custom?: string | undefined }

const SKIPPED = 'skipped (no answer given; do not assume one)'

/** What one answer item says: its labels and custom text, or that it was skipped. */
function describeItem(item: AnswerItem | undefined): string {
  const parts: string[] = []
  if (item && item.selected.length > 0)
    parts.push(`selected ${item.selected.map(quote).join(', ')}`)
  if (item?.custom !== undefined) parts.push(`wrote ${quote(item.custom)}`)
  return parts.length > 0 ? parts.join('; ') : SKIPPED
}

/** `- id ("question")`, or `- id` when the question text is not known. */
function headOf(id: string, textOf: ReadonlyMap<string, string>): string {
  const text = textOf.get(id)
  return text === undefined ? `- ${id}` : `- ${id} (${quote(text)})`
}

const textsOf = (questions: readonly QuestionLabel[]) =>
  new Map(questions.map((question) => [question.id, question.question]))

function renderAnswer(answers: AnswerItem[], questions: readonly QuestionLabel[]): string {
  const textOf = textsOf(questions)
  const answered = answers.filter((item) => item.selected.length > 0 || item.custom !== undefined)
  const lines = answers.map((item) => `${headOf(item.id, textOf)}: ${describeItem(item)}`)
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
    case 'DELEGATED_CALLER':
      return 'You may not ask the user directly (DELEGATED_CALLER): you run as a subagent. Do not assume any answer; hand the question back to the agent that delegated to you.'
    case 'INVALID_INPUT':
      return `The tool input was invalid (INVALID_INPUT): ${message} Fix the input and call ask_user_question again.`
    default:
      return `Asking the user failed (${code})${message ? `: ${message}` : '.'}`
  }
}

/** Options of {@link formatToolResult}. */
export interface FormatToolResultOptions {
  /**
   * Who asked (the request's `asker`). For a subagent (an asker with
   * parents) the result starts with a line naming it; a root agent's result
   * is unchanged.
   */
  asker?: AskUserQuestionAsker | undefined
}

/** The line naming a subagent asker, or nothing for a root agent. */
function askedBy(asker: AskUserQuestionAsker | undefined): string[] {
  return asker && isSubagentAsker(asker) ? [`Asked by ${askerChain(asker)} (a subagent).`] : []
}

/**
 * Renders an `ask_user_question` outcome as the compact text a model reads:
 * each answer by id (with its question when `questions` is given), the
 * selected labels and custom text, skips and cancels stated plainly, and any
 * other error with its code. Accepts the normalized answer or the error.
 * With `options.asker` a subagent's result first says who asked.
 */
export function formatToolResult(
  outcome: unknown,
  questions: readonly QuestionLabel[] = [],
  options: FormatToolResultOptions = {},
): string {
  const answer = v.safeParse(AskUserQuestionAnswerSchema, outcome)
  const body =
    answer.success && !(outcome instanceof Error)
      ? renderAnswer(answer.output.answers, questions)
      : renderError(outcome)
  return [...askedBy(options.asker), body].join('\n')
}

/**
 * Renders an amendment as the follow-up a model reads: the user changed
 * their answer to these questions after sending it, what each now says and
 * said before, and that the other answers stand. Pass the model's
 * `questions` to label each by its question.
 */
export function formatAmendment(
  amendment: AskUserQuestionAmendment,
  questions: readonly QuestionLabel[] = [],
): string {
  const textOf = textsOf(questions)
  const find = (answers: AnswerItem[], id: string) => answers.find((item) => item.id === id)
  const lines = amendment.changed.map(
    (id) =>
      `${headOf(id, textOf)}: now ${describeItem(find(amendment.answer.answers, id))}; before, ${describeItem(find(amendment.previous.answers, id))}`,
  )
  const which = amendment.changed.length === 1 ? `to ${amendment.changed[0]}` : 'to these questions'
  return [
    `The user changed their answer ${which} after sending it (change ${amendment.revision}):`,
    ...lines,
    'Their other answers stand. Use the new answer from here on; if you already acted on the old one, say so and adapt.',
  ].join('\n')
}
