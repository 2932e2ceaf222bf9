import * as z from 'zod/mini'

/** One selectable answer offered to the user. */
export const AskUserQuestionOptionSchema = z.object({
  /** User-facing label; also the value returned in `selected`. */
  label: z.string(),
  /** Optional help text shown under the label. */
  description: z.optional(z.string()),
})

/**
 * A caller-declared presentation intent. Tagged on `kind`; today only a plan
 * review. An intent shapes presentation only: the answer encoding is unchanged.
 */
export const AskUserQuestionIntentSchema = z.object({
  kind: z.literal('plan-review'),
  /** The option label that approves the plan; every other option declines it. */
  approve: z.string(),
})

/** One question in a request. */
export const AskUserQuestionItemSchema = z.object({
  /** Stable caller-provided id, echoed in the answer. */
  id: z.string(),
  /** The question to display. */
  question: z.string(),
  /** Supporting detail (Markdown), rendered with the question. */
  detail: z.optional(z.string()),
  /** Short heading shown above the question. */
  header: z.optional(z.string()),
  /** Choices; an optionless question collects free text. */
  options: z.optional(z.array(AskUserQuestionOptionSchema)),
  /** More than one option may be selected. @default false */
  multiSelect: z.optional(z.boolean()),
  /** Presentation intent for capable UIs. */
  intent: z.optional(AskUserQuestionIntentSchema),
})

/** The serialisable part of a request (what crosses a wire). */
export const AskUserQuestionRequestDataSchema = z.object({
  /** The questions, shown one at a time in this order. */
  questions: z.array(AskUserQuestionItemSchema),
  /** Routes the ask to a conversation. */
  sessionId: z.optional(z.string()),
  /** Links the ask to the tool call that made it. */
  callId: z.optional(z.string()),
  /** Optional deadline in milliseconds; providers honour it with `ASK_TIMED_OUT`. */
  timeoutMs: z.optional(z.number().check(z.int(), z.positive())),
})

/** The answer to one question. A skip is `{ id, selected: [] }`. */
export const AskUserQuestionAnswerItemSchema = z.object({
  id: z.string(),
  /** Selected option labels, original spelling (suffixes included). */
  selected: z.array(z.string()),
  /** Free-text "Other" answer. */
  custom: z.optional(z.string()),
})

/** The human's answer: one item per question id. */
export const AskUserQuestionAnswerSchema = z.object({
  answers: z.array(AskUserQuestionAnswerItemSchema),
})

export type AskUserQuestionOption = z.infer<typeof AskUserQuestionOptionSchema>
export type AskUserQuestionIntent = z.infer<typeof AskUserQuestionIntentSchema>
export type AskUserQuestionItem = z.infer<typeof AskUserQuestionItemSchema>
export type AskUserQuestionAnswerItem = z.infer<typeof AskUserQuestionAnswerItemSchema>
export type AskUserQuestionAnswer = z.infer<typeof AskUserQuestionAnswerSchema>
export type AskUserQuestionRequestData = z.infer<typeof AskUserQuestionRequestDataSchema>
