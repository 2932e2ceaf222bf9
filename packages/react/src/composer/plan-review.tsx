import type { ComposerRequest } from '@parley/machine'
import type { AskUserQuestionItem } from '@parley/seam'

/**
 * The question when `request` is a plan review: a single single-select
 * question with `intent.kind === 'plan-review'`, a `detail`, and at most two
 * options, one of them the `approve` label. Otherwise `null`.
 */
export function isPlanReview(request: ComposerRequest): AskUserQuestionItem | null {
  if (request.questions.length !== 1) return null
  const [question] = request.questions
  if (question?.intent?.kind !== 'plan-review' || !question.detail) return null
  if (question.multiSelect === true) return null
  const labels = (question.options ?? []).map((option) => option.label)
  const { approve } = question.intent
  if (labels.length > 2 || approve === undefined || !labels.includes(approve)) return null
  return question
}
