/**
 * The form-mode `elicitation/create` params as Parley reads them: MCP's
 * restricted JSON Schema (a flat object of primitive properties), plus
 * `pattern` on strings, which MCP servers may send and their validators
 * check. Valibot schemas; objects drop unknown keys.
 */
import * as v from 'valibot'

const text = v.optional(v.string())
const count = v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0)))

/** One titled choice: `{ const, title }`. */
const TitledChoiceSchema = v.object({ const: v.string(), title: v.string() })

/** `type: 'string'`: free text, or a single-select with `enum`, `enum` + `enumNames` or `oneOf`. */
const StringPropertySchema = v.object({
  type: v.literal('string'),
  title: text,
  description: text,
  enum: v.optional(v.array(v.string())),
  enumNames: v.optional(v.array(v.string())),
  oneOf: v.optional(v.array(TitledChoiceSchema)),
  minLength: count,
  maxLength: count,
  format: v.optional(v.picklist(['email', 'uri', 'date', 'date-time'])),
  pattern: text,
  default: text,
})

/** `type: 'number' | 'integer'`. */
const NumberPropertySchema = v.object({
  type: v.picklist(['number', 'integer']),
  title: text,
  description: text,
  minimum: v.optional(v.number()),
  maximum: v.optional(v.number()),
  default: v.optional(v.number()),
})

/** `type: 'boolean'`. */
const BooleanPropertySchema = v.object({
  type: v.literal('boolean'),
  title: text,
  description: text,
  default: v.optional(v.boolean()),
})

/** `type: 'array'` of string choices: a multi-select. */
const ArrayPropertySchema = v.object({
  type: v.literal('array'),
  title: text,
  description: text,
  minItems: count,
  maxItems: count,
  items: v.union([
    v.object({ type: v.literal('string'), enum: v.array(v.string()) }),
    v.object({ anyOf: v.array(TitledChoiceSchema) }),
  ]),
  default: v.optional(v.array(v.string())),
})

/** One property of `requestedSchema`. */
export const ElicitationPropertySchema = v.variant('type', [
  StringPropertySchema,
  NumberPropertySchema,
  BooleanPropertySchema,
  ArrayPropertySchema,
])

/** The params of a form-mode `elicitation/create` request. */
export const FormElicitationParamsSchema = v.object({
  mode: v.optional(v.literal('form')),
  message: v.string(),
  requestedSchema: v.object({
    type: v.literal('object'),
    properties: v.record(v.string(), ElicitationPropertySchema),
    required: v.optional(v.array(v.string())),
  }),
})

/** One field of an elicitation's `requestedSchema`, as {@link ElicitationPropertySchema} parses it. */
export type ElicitationProperty = v.InferOutput<typeof ElicitationPropertySchema>
/** The params of a form-mode `elicitation/create` request. */
export type FormElicitationParams = v.InferOutput<typeof FormElicitationParamsSchema>
/** An accepted elicitation's `content`: one typed value per answered property. */
export type ElicitationContent = Record<string, string | number | boolean | string[]>
