import { MAX_OPTION_PREVIEW_BYTES } from '@parley/seam'
import { toJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'

/** One option as the model writes it: the label is also the value returned. */
export const ToolOptionSchema = v.strictObject({
  label: v.pipe(
    v.string(),
    v.description(
      'Short answer text shown to the user; also the value you get back. End the recommended option with " (Recommended)".',
    ),
  ),
  description: v.optional(v.pipe(v.string(), v.description('Optional one-line explanation.'))),
  preview: v.optional(
    v.pipe(
      v.string(),
      // JSON Schema counts characters; the seam also refuses more than this many bytes of UTF-8.
      v.maxLength(MAX_OPTION_PREVIEW_BYTES),
      v.description(
        `Optional Markdown shown while the user considers this option (a mockup, a code block, a comparison); at most ${MAX_OPTION_PREVIEW_BYTES} bytes of UTF-8.`,
      ),
    ),
  ),
})

/** One question as the model writes it (`multi_select` in snake case). */
export const ToolQuestionSchema = v.strictObject({
  id: v.pipe(v.string(), v.description('Stable id for this question; the answer echoes it.')),
  question: v.pipe(v.string(), v.description('The question, concise and self-contained.')),
  header: v.optional(v.pipe(v.string(), v.description('Optional short heading (a few words).'))),
  options: v.optional(
    v.pipe(
      v.array(ToolOptionSchema),
      v.description('Choices to offer. Omit for a free-text question.'),
    ),
  ),
  multi_select: v.optional(
    v.pipe(v.boolean(), v.description('Allow more than one option to be selected. Default false.')),
  ),
})

/** The input of `ask_user_question`, the single source of its JSON Schema. */
export const AskUserQuestionToolInputSchema = v.strictObject({
  questions: v.pipe(
    v.array(ToolQuestionSchema),
    v.minLength(1),
    v.description('The questions to ask, shown one at a time in this order.'),
  ),
})

/** The parsed input of `ask_user_question`. */
export type AskUserQuestionToolInput = v.InferOutput<typeof AskUserQuestionToolInputSchema>

/**
 * The tool's input as JSON Schema (draft-07), for any model API. Marked pure,
 * so a browser bundle that never reads it drops `@valibot/to-json-schema`.
 */
export const askUserQuestionInputJsonSchema = /* @__PURE__ */ toJsonSchema(
  AskUserQuestionToolInputSchema,
  {
    target: 'draft-07',
  },
)
