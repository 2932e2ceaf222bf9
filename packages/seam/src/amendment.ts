import type { AskUserQuestionAnswer } from './schemas.ts'

/**
 * The user changed an answer after it was sent. A provider that lets users
 * change answers (the host, within its window) calls the request's
 * `onAmend` with one; the service checks it against the request first.
 */
export interface AskUserQuestionAmendment {
  /** The provider's id of the ask (the host's `rpcId`). */
  rpcId: string
  /** 1 for the first change, 2 for the next, …; the sent answer is revision 0. */
  revision: number
  /** The ids of the questions whose answer changed, in question order. */
  changed: string[]
  /** The whole answer as it now stands: validated and normalized like an answer. */
  answer: AskUserQuestionAnswer
  /** The answer it replaces. */
  previous: AskUserQuestionAnswer
}

function sameItem(
  a: AskUserQuestionAnswer['answers'][number] | undefined,
  b: AskUserQuestionAnswer['answers'][number] | undefined,
): boolean {
  if (!a || !b) return a === b
  if (a.custom !== b.custom || a.selected.length !== b.selected.length) return false
  const selected = new Set(a.selected)
  return b.selected.every((label) => selected.has(label))
}

/**
 * The ids of the questions whose answer differs between `previous` and
 * `answer`, in the order of `answer` (question order, once normalized).
 * Selected labels compare as a set; `custom` as text.
 */
export function changedAnswers(
  previous: AskUserQuestionAnswer,
  answer: AskUserQuestionAnswer,
): string[] {
  const before = new Map(previous.answers.map((item) => [item.id, item]))
  return answer.answers
    .filter((item) => !sameItem(before.get(item.id), item))
    .map((item) => item.id)
}
