/**
 * The request and answer schemas: the one source of these shapes, their
 * types and (through `@parley/tool`) the model's JSON Schema. Valibot
 * schemas, so each is also a Standard Schema (`schema['~standard']`) any
 * Standard-Schema-aware library can validate with. Objects drop unknown keys.
 */
import * as v from 'valibot'

/** One selectable answer offered to the user. */
export const AskUserQuestionOptionSchema = v.object({
  /** User-facing label; also the value returned in `selected`. */
  label: v.string(),
  /** Optional help text shown under the label. */
  description: v.optional(v.string()),
})

/**
 * A caller-declared presentation intent. Tagged on `kind`; today only a plan
 * review. An intent shapes presentation only: the answer encoding is unchanged.
 */
export const AskUserQuestionIntentSchema = v.object({
  kind: v.literal('plan-review'),
  /** The option label that approves the plan; every other option declines it. */
  approve: v.string(),
})

/** One question in a request. */
export const AskUserQuestionItemSchema = v.object({
  /** Stable caller-provided id, echoed in the answer. */
  id: v.string(),
  /** The question to display. */
  question: v.string(),
  /** Supporting detail (Markdown), rendered with the question. */
  detail: v.optional(v.string()),
  /** Short heading shown above the question. */
  header: v.optional(v.string()),
  /** Choices; an optionless question collects free text. */
  options: v.optional(v.array(AskUserQuestionOptionSchema)),
  /** More than one option may be selected. @default false */
  multiSelect: v.optional(v.boolean()),
  /** Presentation intent for capable UIs. */
  intent: v.optional(AskUserQuestionIntentSchema),
})

/** The serialisable part of a request (what crosses a wire). */
export const AskUserQuestionRequestDataSchema = v.object({
  /** The questions, shown one at a time in this order. */
  questions: v.array(AskUserQuestionItemSchema),
  /** Routes the ask to a conversation. */
  sessionId: v.optional(v.string()),
  /** Links the ask to the tool call that made it. */
  callId: v.optional(v.string()),
  /**
   * Optional deadline in milliseconds (a positive safe integer, any length);
   * providers honour it with `ASK_TIMED_OUT`.
   */
  timeoutMs: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
})

/** The answer to one question. A skip is `{ id, selected: [] }`. */
export const AskUserQuestionAnswerItemSchema = v.object({
  id: v.string(),
  /** Selected option labels, original spelling (suffixes included). */
  selected: v.array(v.string()),
  /** Free-text "Other" answer. */
  custom: v.optional(v.string()),
})

/** The human's answer: one item per question id. */
export const AskUserQuestionAnswerSchema = v.object({
  answers: v.array(AskUserQuestionAnswerItemSchema),
})

export type AskUserQuestionOption = v.InferOutput<typeof AskUserQuestionOptionSchema>
export type AskUserQuestionIntent = v.InferOutput<typeof AskUserQuestionIntentSchema>
export type AskUserQuestionItem = v.InferOutput<typeof AskUserQuestionItemSchema>
export type AskUserQuestionAnswerItem = v.InferOutput<typeof AskUserQuestionAnswerItemSchema>
export type AskUserQuestionAnswer = v.InferOutput<typeof AskUserQuestionAnswerSchema>
export type AskUserQuestionRequestData = v.InferOutput<typeof AskUserQuestionRequestDataSchema>
