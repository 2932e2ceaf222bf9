/**
 * The request and answer schemas: the one source of these shapes, their
 * types and (through `@parley/tool`) the model's JSON Schema. Valibot
 * schemas, so each is also a Standard Schema (`schema['~standard']`) any
 * Standard-Schema-aware library can validate with. Objects drop unknown keys.
 */
import * as v from 'valibot'
import { isBlankText } from './text.ts'

/**
 * The largest option `preview`, in bytes of UTF-8 (8 KiB): a mockup or a code
 * snippet, not a document. `validateRequest` (and so every `ask()`) refuses a
 * larger one with `INVALID_QUESTION` (rule `preview-too-large`); the schema
 * itself caps it at as many UTF-16 code units, which every preview within the
 * byte limit meets, so a browser parsing the wire needs no UTF-8 encoder.
 */
export const MAX_OPTION_PREVIEW_BYTES = 8192

/** One selectable answer offered to the user. */
export const AskUserQuestionOptionSchema = v.object({
  /** User-facing label; also the value returned in `selected`. */
  label: v.string(),
  /** Optional help text shown under the label. */
  description: v.optional(v.string()),
  /**
   * What choosing it would look like (Markdown, code fences included): a
   * mockup, a snippet, a comparison. A capable UI shows the focused or
   * selected option's preview beside (or below) the options. At most
   * {@link MAX_OPTION_PREVIEW_BYTES} bytes of UTF-8.
   */
  preview: v.optional(v.pipe(v.string(), v.maxLength(MAX_OPTION_PREVIEW_BYTES))),
})

/**
 * A caller-declared presentation intent, tagged on `kind`. An intent shapes
 * presentation only: the answer encoding is unchanged (labels and `custom`).
 *
 * - `plan-review`: the question's Markdown `detail` is a plan; `approve` is
 *   the option label that approves it, every other option declines it.
 * - `approval`: a tool call waiting for the person's permission (one card for
 *   every agent framework). `tool` names the tool, `input` holds its
 *   arguments, and the decisions are option labels: `allow` (allow once),
 *   `always` (allow from now on, one label per rule the agent suggests, its
 *   words in the option's `description`), `edit` (allow with edited
 *   arguments: that label selected, the arguments' JSON text as `custom`)
 *   and `deny`. Typed text with nothing selected is a deny whose reason is
 *   the text. See {@link ApprovalIntent}.
 *
 * One object for every kind, the kind's fields optional, so a browser parses
 * it without a union; `validateRequest` checks the fields each kind needs
 * (`BAD_INTENT`) and `approvalOf` reads an approval as its typed view.
 */
export const AskUserQuestionIntentSchema = v.object({
  kind: v.picklist(['plan-review', 'approval']),
  /** `plan-review`: the option label that approves the plan; every other option declines it. */
  approve: v.optional(v.string()),
  /** `approval`: the tool as the agent names it (`Bash`, `Edit`, `mcp__github__create_issue`). */
  tool: v.optional(v.string()),
  /** `approval`: the tool's arguments, a JSON object. */
  input: v.optional(v.unknown()),
  /** `approval`: the option label that allows this call once. */
  allow: v.optional(v.string()),
  /** `approval`: the option labels that allow it from now on, one per suggested rule. */
  always: v.optional(v.array(v.string())),
  /** `approval`: the option label that denies it (typed text denies it with a reason). */
  deny: v.optional(v.string()),
  /**
   * `approval`: the option label that allows it with arguments the person
   * edited. Its answer selects this label and carries the edited arguments
   * as `custom`, the JSON text of an object.
   */
  edit: v.optional(v.string()),
  /**
   * `approval`: the JSON Schema of the tool's arguments, when the agent has
   * one: a card edits the arguments as a form when it can, as JSON otherwise.
   */
  inputSchema: v.optional(v.unknown()),
})

/** The longest `pattern` a question may carry, in UTF-16 code units. */
export const MAX_PATTERN_LENGTH = 500

const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0))
const positiveCount = v.pipe(v.number(), v.safeInteger(), v.minValue(1))

/**
 * What the user's typed answer (`custom`) must be, checked by
 * `validateAnswer` on the trimmed text. Every field is optional; without
 * `input` any non-blank text is an answer. These are caller constraints
 * (an MCP elicitation, a form), not part of the model-facing tool input.
 */
export const AskUserQuestionInputSchema = v.object({
  /**
   * What the text must spell: any text, a decimal number (`42`, `-3.5`,
   * `1e3`), or a whole number that is a safe integer. @default 'string'
   */
  type: v.optional(v.picklist(['string', 'number', 'integer'])),
  /** A string format (JSON Schema's names): RFC 5321 email, absolute URI (RFC 3986), RFC 3339 full-date or date-time with offset. Strings only. */
  format: v.optional(v.picklist(['email', 'uri', 'date', 'date-time'])),
  /** Fewest characters (Unicode code points), strings only. */
  minLength: v.optional(count),
  /** Most characters (Unicode code points), strings only. */
  maxLength: v.optional(positiveCount),
  /** Smallest value (inclusive), numbers only. */
  minimum: v.optional(v.number()),
  /** Largest value (inclusive), numbers only. */
  maximum: v.optional(v.number()),
  /**
   * A regular expression in RE2 syntax (matched with RE2, in time linear in
   * the text; unanchored as in JSON Schema) the text must match. Strings
   * only; at most {@link MAX_PATTERN_LENGTH} characters. RE2 has no
   * backreferences or lookaround, and writes a code point as `\x{1F600}`.
   */
  pattern: v.optional(v.string()),
  /**
   * A suggested answer to show the user (an MCP `default`). It is never
   * submitted unless the user types or accepts it.
   */
  suggestion: v.optional(v.string()),
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
  /** The question cannot be skipped: its answer selects a label or carries `custom`. @default false */
  required: v.optional(v.boolean()),
  /**
   * The user may type their own answer (`custom`) instead of, or on a
   * multi-select besides, the options. `false` needs options. @default true
   */
  allowCustom: v.optional(v.boolean()),
  /** Multi-select: fewest choices in an answer that is not a skip (labels, plus one for `custom`). */
  minSelected: v.optional(count),
  /** Multi-select: most choices in an answer (labels, plus one for `custom`). */
  maxSelected: v.optional(positiveCount),
  /** What a typed answer (`custom`) must be. */
  input: v.optional(AskUserQuestionInputSchema),
})

/** The longest asker name (and parent name), in UTF-16 code units. */
export const MAX_ASKER_NAME_LENGTH = 80
/** The longest asker reason, in UTF-16 code units. */
export const MAX_ASKER_REASON_LENGTH = 200
/** The most parents an asker's chain may name. */
export const MAX_ASKER_PARENTS = 8

const LINE_BREAK = /[\n\r\u2028\u2029]/
const oneLine = v.check((text: string) => !LINE_BREAK.test(text), 'must be one line')
const agentName = v.pipe(
  v.string(),
  v.maxLength(MAX_ASKER_NAME_LENGTH),
  v.check((text: string) => !isBlankText(text), 'must not be blank'),
  oneLine,
)

/**
 * Who is asking: the agent's display name and, for a subagent, the chain of
 * agents that delegated to it (root first), so a UI can say "Planner › Test
 * writer". Shown to the user; never used to decide anything.
 */
export const AskUserQuestionAskerSchema = v.object({
  /** The asking agent's display name ("Test writer"). One line, not blank. */
  name: agentName,
  /**
   * The agents it works for, root first (`['Planner']`). Absent or empty for
   * the root agent. At most {@link MAX_ASKER_PARENTS}.
   */
  parents: v.optional(v.pipe(v.array(agentName), v.maxLength(MAX_ASKER_PARENTS))),
  /** Why it asks, in one line ("to pick the test runner"). */
  reason: v.optional(v.pipe(v.string(), v.maxLength(MAX_ASKER_REASON_LENGTH), oneLine)),
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

/** One option of a question: its label, and an optional description and preview. */
export type AskUserQuestionOption = v.InferOutput<typeof AskUserQuestionOptionSchema>
/** What a question is for beyond a plain choice: a plan review or a tool approval. */
export type AskUserQuestionIntent = v.InferOutput<typeof AskUserQuestionIntentSchema>
/** What a typed answer (`custom`) must be, checked by `validateAnswer` (see {@link AskUserQuestionInputSchema}). */
export type AskUserQuestionInput = v.InferOutput<typeof AskUserQuestionInputSchema>
/** One question of a batch, as the agent asks it. */
export type AskUserQuestionItem = v.InferOutput<typeof AskUserQuestionItemSchema>
/** Who asks: the agent's display name, the agents that delegated to it, and why it asks. */
export type AskUserQuestionAsker = v.InferOutput<typeof AskUserQuestionAskerSchema>
/** The answer to one question: the labels chosen, and any typed text. */
export type AskUserQuestionAnswerItem = v.InferOutput<typeof AskUserQuestionAnswerItemSchema>
/** The answers to a batch, one item per question answered. */
export type AskUserQuestionAnswer = v.InferOutput<typeof AskUserQuestionAnswerSchema>
