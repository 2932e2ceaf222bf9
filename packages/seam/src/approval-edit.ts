/**
 * An approval's edit, as answers carry it: its label selected and the
 * edited arguments as `custom`, the JSON text of an object. A module of its
 * own because `validateAnswer` (in every browser bundle) needs only this,
 * not the rest of the approval intent.
 */
import type { AskUserQuestionAnswerItem, AskUserQuestionItem } from './schemas.ts'

/** @internal A JSON object (not an array, not null). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The edited arguments an edit answer's `custom` carries: the JSON text of
 * an object, or `null` when it is not one (`validateAnswer` refuses that
 * answer, rule `edit-not-an-object`).
 */
export function editedInput(custom: string | undefined): Record<string, unknown> | null {
  if (custom === undefined) return null
  try {
    const value: unknown = JSON.parse(custom)
    return isRecord(value) ? value : null
  } catch {
    return null
  }
}

/** Whether `answer` is an approval's edit: its question offers `edit` and the answer selected it. */
export function isApprovalEdit(
  question: AskUserQuestionItem,
  answer: AskUserQuestionAnswerItem,
): boolean {
  const intent = question.intent
  return (
    intent?.kind === 'approval' &&
    intent.edit !== undefined &&
    answer.selected.length === 1 &&
    answer.selected[0] === intent.edit
  )
}
