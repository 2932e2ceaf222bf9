import { AskUserQuestionItemSchema, AskUserQuestionOptionSchema } from '@parley/seam'
import * as z from 'zod/mini'

const item = AskUserQuestionItemSchema.shape
const option = AskUserQuestionOptionSchema.shape

/** One option as the model writes it: the label is also the value returned. */
export const ToolOptionSchema = z.strictObject({
  label: option.label.check(
    z.describe(
      'Short answer text shown to the user; also the value you get back. End the recommended option with " (Recommended)".',
    ),
  ),
  description: z.optional(z.string().check(z.describe('Optional one-line explanation.'))),
})

/** One question as the model writes it (`multi_select` in snake case). */
export const ToolQuestionSchema = z.strictObject({
  id: item.id.check(z.describe('Stable id for this question; the answer echoes it.')),
  question: item.question.check(z.describe('The question, concise and self-contained.')),
  header: z.optional(z.string().check(z.describe('Optional short heading (a few words).'))),
  options: z.optional(
    z.array(ToolOptionSchema).check(z.describe('Choices to offer. Omit for a free-text question.')),
  ),
  multi_select: z.optional(
    z.boolean().check(z.describe('Allow more than one option to be selected. Default false.')),
  ),
})

/** The input of `ask_user_question`, the single source of its JSON Schema. */
export const AskUserQuestionToolInputSchema = z.strictObject({
  questions: z
    .array(ToolQuestionSchema)
    .check(z.minLength(1), z.describe('The questions to ask, shown one at a time in this order.')),
})

/** The parsed input of `ask_user_question`. */
export type AskUserQuestionToolInput = z.infer<typeof AskUserQuestionToolInputSchema>

/** The tool's input as JSON Schema (draft-07), for any model API. */
export const askUserQuestionInputJsonSchema = z.toJSONSchema(AskUserQuestionToolInputSchema, {
  target: 'draft-07',
  io: 'input',
})
