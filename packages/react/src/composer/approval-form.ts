// Part of the intent views' chunk: an approval's arguments as an editor
// sees them, a form built from the tool's JSON Schema or JSON text, and
// what the person entered checked and read back as the arguments to send.
// Pure functions: no React, no DOM.
import type { ArgumentType } from './approval-words.ts'

/** One field of the arguments form, from one property of the schema. */
export interface FormField {
  /** The property's name (what is sent). */
  name: string
  /** The schema's `title`, else the name. */
  label: string
  description: string | undefined
  kind: ArgumentType | 'choice'
  required: boolean
  /** The choices of an `enum` of strings. */
  choices: readonly string[]
}

/** What a field holds while the person edits: text, or a checkbox's state. */
export type FieldValue = string | boolean

/** Why a value cannot be sent, as the card's words name it. */
export type FieldError =
  | { key: 'missingValue' | 'notNumber' | 'notInteger' | 'notJson' | 'notObject' }
  | { key: 'missing'; name: string }
  | { key: 'wrongType'; name: string; type: ArgumentType }
  | { key: 'notAChoice'; name: string; choices: readonly string[] }

/** The arguments to send, or why not (per field for a form). */
export type EditResult =
  | { ok: true; input: Record<string, unknown> }
  | { ok: false; errors: Record<string, FieldError> }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const PRIMITIVES: readonly string[] = ['string', 'number', 'integer', 'boolean']

function fieldOf(name: string, schema: unknown, required: boolean): FormField | null {
  if (!isRecord(schema)) return null
  const label = typeof schema.title === 'string' && schema.title.trim() ? schema.title : name
  const description = typeof schema.description === 'string' ? schema.description : undefined
  const base = { name, label, description, required, choices: [] as string[] }
  const choices = schema.enum
  if (Array.isArray(choices)) {
    const strings = choices.filter((choice): choice is string => typeof choice === 'string')
    if (strings.length === 0 || strings.length !== choices.length) return null
    if (schema.type !== undefined && schema.type !== 'string') return null
    return { ...base, kind: 'choice', choices: strings }
  }
  const type = schema.type
  if (typeof type !== 'string' || !PRIMITIVES.includes(type)) return null
  return { ...base, kind: type as ArgumentType }
}

/**
 * The form for `schema`, when it is an object schema whose properties are
 * all primitives (string, number, integer, boolean, an enum of strings) and
 * `input` has no argument it does not describe; `null` otherwise (edit the
 * arguments as JSON).
 */
export function formFields(
  schema: Record<string, unknown> | undefined,
  input: Record<string, unknown>,
): FormField[] | null {
  if (schema?.type !== 'object' || !isRecord(schema.properties)) return null
  const properties = schema.properties
  const names = Object.keys(properties)
  if (names.length === 0 || Object.keys(input).some((name) => !(name in properties))) return null
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  const fields: FormField[] = []
  for (const name of names) {
    const field = fieldOf(name, properties[name], required.has(name))
    if (!field) return null
    fields.push(field)
  }
  return fields
}

/** The form's first values: the call's own arguments. */
export function initialValues(
  fields: readonly FormField[],
  input: Record<string, unknown>,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {}
  for (const field of fields) {
    const value = input[field.name]
    if (field.kind === 'boolean') values[field.name] = value === true
    else if (value === undefined || value === null) values[field.name] = ''
    else values[field.name] = typeof value === 'string' ? value : JSON.stringify(value)
  }
  return values
}

type Read = { ok: true; value: unknown } | { ok: false; error: FieldError }

function readField(field: FormField, text: string): Read {
  if (field.kind === 'string' || field.kind === 'choice') return { ok: true, value: text }
  const number = Number(text.trim())
  if (!Number.isFinite(number)) return { ok: false, error: { key: 'notNumber' } }
  if (field.kind === 'integer' && !Number.isInteger(number))
    return { ok: false, error: { key: 'notInteger' } }
  return { ok: true, value: number }
}

/**
 * The form's values as the arguments to send, each field read by its kind:
 * an empty field (only spaces counts as empty) is left out, or is an error
 * when the schema requires it; a checkbox is sent when it is checked, the
 * call had it, or it is required.
 */
export function formInput(
  fields: readonly FormField[],
  values: Record<string, FieldValue>,
  input: Record<string, unknown>,
): EditResult {
  const edited: Record<string, unknown> = {}
  const errors: Record<string, FieldError> = {}
  for (const field of fields) {
    const value = values[field.name]
    if (field.kind === 'boolean') {
      if (value === true || field.required || field.name in input)
        edited[field.name] = value === true
      continue
    }
    const text = typeof value === 'string' ? value : ''
    if (text.trim() === '') {
      if (field.required) errors[field.name] = { key: 'missingValue' }
      continue
    }
    const read = readField(field, text)
    if (read.ok) edited[field.name] = read.value
    else errors[field.name] = read.error
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input: edited }
}

function typeError(name: string, schema: unknown, value: unknown): FieldError | null {
  if (!isRecord(schema)) return null
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    return {
      key: 'notAChoice',
      name,
      choices: schema.enum.filter((choice): choice is string => typeof choice === 'string'),
    }
  const type = schema.type
  if (typeof type !== 'string' || !PRIMITIVES.includes(type)) return null
  const fits =
    type === 'integer'
      ? Number.isInteger(value)
      : type === 'number'
        ? typeof value === 'number' && Number.isFinite(value)
        : typeof value === type
  return fits ? null : { key: 'wrongType', name, type: type as ArgumentType }
}

/** The key of the JSON editor's one error in {@link EditResult}'s `errors`. */
export const JSON_FIELD = 'json'

/**
 * JSON text as the arguments to send: a JSON object, with every argument the
 * schema requires, each primitive argument the schema types of its type.
 */
export function jsonInput(text: string, schema: Record<string, unknown> | undefined): EditResult {
  const fail = (error: FieldError): EditResult => ({ ok: false, errors: { [JSON_FIELD]: error } })
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return fail({ key: 'notJson' })
  }
  if (!isRecord(value)) return fail({ key: 'notObject' })
  const required = Array.isArray(schema?.required) ? schema.required : []
  for (const name of required)
    if (typeof name === 'string' && !(name in value)) return fail({ key: 'missing', name })
  const properties = isRecord(schema?.properties) ? schema.properties : {}
  for (const [name, argument] of Object.entries(value)) {
    const error = typeError(name, properties[name], argument)
    if (error) return fail(error)
  }
  return { ok: true, input: value }
}
