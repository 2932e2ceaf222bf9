/**
 * Claude's AskUserQuestion, both ways: its input (1–4 questions, each with a
 * header chip, 2–4 options with descriptions and previews, multiSelect) as one
 * Parley batch, and the person's answer as the SDK's `updatedInput`
 * (`answers` keyed by question text, `annotations` with notes and previews).
 */
import type { AskUserQuestionAnswer, AskUserQuestionItem } from '@parley/seam'
import * as v from 'valibot'

const OptionSchema = v.object({
  label: v.string(),
  description: v.optional(v.string()),
  preview: v.optional(v.string()),
})

const QuestionSchema = v.object({
  question: v.string(),
  header: v.optional(v.string()),
  options: v.array(OptionSchema),
  multiSelect: v.optional(v.boolean()),
})

/** AskUserQuestion's input as this adapter reads it (unknown keys are kept in `questions` as sent). */
export const AskUserQuestionInputSchema = v.object({
  questions: v.pipe(v.array(QuestionSchema), v.minLength(1)),
  metadata: v.optional(v.object({ source: v.optional(v.string()) })),
})

export type ClaudeQuestions = v.InferOutput<typeof AskUserQuestionInputSchema>

/** One question's annotation, as the SDK's input type declares it. */
export interface ClaudeAnnotation {
  preview?: string
  notes?: string
}

/** What goes back to the SDK as `updatedInput` for AskUserQuestion. */
export interface ClaudeAnswers {
  questions: unknown
  answers: Record<string, string>
  annotations?: Record<string, ClaudeAnnotation>
}

/** The Parley id of question `index`: stable, and unrelated to the text Claude wrote. */
const idOf = (index: number) => `q${index + 1}`

/**
 * The Parley batch for Claude's questions: the header as the header chip,
 * options with their descriptions and previews, `multiSelect`, and Parley's
 * typed answer as the SDK's "Other". Every question is required: Claude's
 * tool has no way to say one was skipped, so the person answers each or
 * dismisses the card.
 */
export function toParleyQuestions(input: ClaudeQuestions): AskUserQuestionItem[] {
  return input.questions.map((question, index) => {
    const item: AskUserQuestionItem = {
      id: idOf(index),
      question: question.question,
      options: question.options.map(({ label, description, preview }) => {
        const option: { label: string; description?: string; preview?: string } = { label }
        if (description !== undefined) option.description = description
        if (preview !== undefined) option.preview = preview
        return option
      }),
      required: true,
    }
    if (question.header !== undefined) item.header = question.header
    if (question.multiSelect === true) item.multiSelect = true
    return item
  })
}

/**
 * The person's answer as the SDK documents it: `answers[question text]` is
 * the chosen label, a multi-select's labels joined with ", ", or the typed
 * text when nothing was chosen ("Other"); typed text beside chosen labels is
 * `annotations[question text].notes`; the chosen option's `preview` is
 * `annotations[question text].preview`.
 */
export function toClaudeAnswers(
  input: ClaudeQuestions,
  questions: unknown,
  answer: AskUserQuestionAnswer,
): ClaudeAnswers {
  const answers: Record<string, string> = {}
  const annotations: Record<string, ClaudeAnnotation> = {}
  input.questions.forEach((question, index) => {
    const item = answer.answers.find((candidate) => candidate.id === idOf(index))
    if (!item) return
    const custom = item.custom
    const note: ClaudeAnnotation = {}
    if (item.selected.length === 0) {
      if (custom !== undefined) answers[question.question] = custom
    } else {
      answers[question.question] = item.selected.join(', ')
      if (custom !== undefined) note.notes = custom
    }
    const [only] = item.selected
    const preview =
      item.selected.length === 1
        ? question.options.find((option) => option.label === only)?.preview
        : undefined
    if (preview !== undefined) note.preview = preview
    if (note.notes !== undefined || note.preview !== undefined)
      annotations[question.question] = note
  })
  const result: ClaudeAnswers = { questions, answers }
  if (Object.keys(annotations).length > 0) result.annotations = annotations
  return result
}
