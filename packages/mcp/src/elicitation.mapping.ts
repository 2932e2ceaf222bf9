/**
 * A form elicitation as Parley questions, and Parley's answer as the
 * elicitation's typed `content`. Pure: no SDK, no I/O.
 *
 * One question per property of `requestedSchema`, in its order:
 * - `enum`, `enum` + `enumNames`, `oneOf` (`const` / `title`): single-select, titles as labels;
 * - `array` of `enum` or `anyOf` choices: multi-select with `minItems` / `maxItems`;
 * - `boolean`: the two options `labels.yes` / `labels.no`;
 * - `string`, `number`, `integer`: a typed answer held to `format`,
 *   `minLength` / `maxLength`, `minimum` / `maximum` and `pattern`.
 * A `required` property is not skippable; choices allow no typed answer;
 * a `default` is marked " (Recommended)" (choices) or shown as the
 * suggestion (typed answers), and never answers for the user.
 */
import type { AskUserQuestionAnswer, AskUserQuestionInput, AskUserQuestionItem } from '@parley/seam'
import type {
  ElicitationContent,
  ElicitationProperty,
  FormElicitationParams,
} from './elicitation.schema.ts'

/** The words Parley adds to an elicitation's card. */
export interface ElicitationLabels {
  /** The option for `true`. @default 'Yes' */
  yes: string
  /** The option for `false`. @default 'No' */
  no: string
  /** The first step's option that goes on to the form. @default 'Answer' */
  answer: string
  /** The one step of a request without properties: accept it. @default 'Accept' */
  accept: string
  /** The first step's option that declines the request. @default 'Decline' */
  decline: string
  /** Marks a `default` choice; the seam's recommendation suffix. @default ' (Recommended)' */
  recommended: string
}

/** @internal */
export const DEFAULT_LABELS: ElicitationLabels = {
  yes: 'Yes',
  no: 'No',
  answer: 'Answer',
  accept: 'Accept',
  decline: 'Decline',
  recommended: ' (Recommended)',
}

/** How one question's answer becomes its property's value. */
type Reader =
  | { kind: 'text' }
  | { kind: 'number' }
  | { kind: 'choice'; values: Map<string, string | boolean> }
  | { kind: 'choices'; values: Map<string, string> }

/** The questions of one elicitation and how to read their answers back. */
export interface ElicitationForm {
  questions: AskUserQuestionItem[]
  /** The typed `content` of a validated answer: skipped properties are left out. */
  contentOf(answer: AskUserQuestionAnswer): ElicitationContent
}

// CommonMark lets a backslash escape any ASCII punctuation: the server's
// plain text reads as written in the Markdown `detail`.
const MARKDOWN_PUNCTUATION = /[!-/:-@[-`{-~]/g
const escapeMarkdown = (text: string) => text.replace(MARKDOWN_PUNCTUATION, '\\$&')

const present = (text: string | undefined): text is string =>
  text !== undefined && text.trim() !== ''

interface Choice {
  value: string
  title: string
}

function choicesOf(property: ElicitationProperty): Choice[] | undefined {
  if (property.type === 'string') {
    if (property.oneOf) return property.oneOf.map((c) => ({ value: c.const, title: c.title }))
    if (property.enum) {
      const names = property.enumNames
      return property.enum.map((value, i) => ({ value, title: names?.[i] ?? value }))
    }
    return undefined
  }
  if (property.type === 'array') {
    const items = property.items
    if ('anyOf' in items) return items.anyOf.map((c) => ({ value: c.const, title: c.title }))
    return items.enum.map((value) => ({ value, title: value }))
  }
  return undefined
}

/** Options with unique labels (a repeated title gets its value), and the value of each label. */
function labelChoices(
  choices: readonly Choice[],
  suggested: ReadonlySet<string>,
  recommended: string,
): { options: { label: string }[]; values: Map<string, string> } {
  const values = new Map<string, string>()
  const options: { label: string }[] = []
  for (const choice of choices) {
    let label = present(choice.title) ? choice.title : choice.value
    if (values.has(label) || values.has(label + recommended)) label = `${label} (${choice.value})`
    for (let n = 2; values.has(label) || values.has(label + recommended); n++)
      label = `${choice.value} (${n})`
    if (suggested.has(choice.value)) label += recommended
    values.set(label, choice.value)
    options.push({ label })
  }
  return { options, values }
}

function inputOf(property: ElicitationProperty): AskUserQuestionInput {
  const input: AskUserQuestionInput = {}
  if (property.type === 'number' || property.type === 'integer') {
    input.type = property.type
    if (property.minimum !== undefined) input.minimum = property.minimum
    if (property.maximum !== undefined) input.maximum = property.maximum
    if (property.default !== undefined) input.suggestion = String(property.default)
  } else if (property.type === 'string') {
    if (property.format !== undefined) input.format = property.format
    if (property.minLength !== undefined) input.minLength = property.minLength
    if (property.maxLength !== undefined) input.maxLength = property.maxLength
    if (property.pattern !== undefined) input.pattern = property.pattern
    if (property.default !== undefined) input.suggestion = property.default
  }
  return input
}

/** The question's text and detail: the message leads a one-property form, the title a longer one. */
function wordsOf(
  name: string,
  property: ElicitationProperty,
  message: string,
  single: boolean,
): { question: string; detail?: string } {
  const title = present(property.title) ? property.title : undefined
  const description = present(property.description) ? property.description : undefined
  const lead = single && present(message)
  const lines: string[] = []
  if (lead && title)
    lines.push(description ? `**${escapeMarkdown(title)}**` : escapeMarkdown(title))
  if (!single && present(message)) lines.push(escapeMarkdown(message))
  if (description) lines.push(escapeMarkdown(description))
  const question = lead ? message : (title ?? name)
  return lines.length === 0 ? { question } : { question, detail: lines.join('\n\n') }
}

function questionOf(
  name: string,
  property: ElicitationProperty,
  context: { message: string; single: boolean; required: boolean; header: string },
  labels: ElicitationLabels,
): { item: AskUserQuestionItem; reader: Reader } {
  const item: AskUserQuestionItem = {
    id: name,
    header: context.header,
    ...wordsOf(name, property, context.message, context.single),
  }
  if (context.required) item.required = true
  const choices = choicesOf(property)
  if (property.type === 'boolean') {
    const yes = labels.yes + (property.default === true ? labels.recommended : '')
    const no = labels.no + (property.default === false ? labels.recommended : '')
    item.options = [{ label: yes }, { label: no }]
    item.allowCustom = false
    const values = new Map<string, boolean>([
      [yes, true],
      [no, false],
    ])
    return { item, reader: { kind: 'choice', values } }
  }
  if (choices && property.type === 'array') {
    const { options, values } = labelChoices(choices, new Set(property.default), labels.recommended)
    Object.assign(item, { options, multiSelect: true, allowCustom: false })
    if (property.minItems !== undefined) item.minSelected = property.minItems
    if (property.maxItems !== undefined) item.maxSelected = property.maxItems
    return { item, reader: { kind: 'choices', values } }
  }
  if (choices) {
    const suggested = new Set(
      property.type === 'string' && property.default ? [property.default] : [],
    )
    const { options, values } = labelChoices(choices, suggested, labels.recommended)
    Object.assign(item, { options, allowCustom: false })
    return { item, reader: { kind: 'choice', values } }
  }
  const input = inputOf(property)
  if (Object.keys(input).length > 0) item.input = input
  const numeric = property.type === 'number' || property.type === 'integer'
  return { item, reader: { kind: numeric ? 'number' : 'text' } }
}

function propertyValue(
  reader: Reader,
  item: { selected: string[]; custom?: string | undefined },
): string | number | boolean | string[] | undefined {
  switch (reader.kind) {
    case 'text':
      return item.custom
    case 'number':
      return item.custom === undefined ? undefined : Number(item.custom)
    case 'choice': {
      const label = item.selected[0]
      return label === undefined ? undefined : reader.values.get(label)
    }
    case 'choices':
      return item.selected.flatMap((label) => {
        const value = reader.values.get(label)
        return value === undefined ? [] : [value]
      })
  }
}

/** Maps a parsed form elicitation to questions, with `header` as every card's eyebrow. */
export function toElicitationForm(
  params: FormElicitationParams,
  header: string,
  labels: ElicitationLabels = DEFAULT_LABELS,
): ElicitationForm {
  const { properties, required = [] } = params.requestedSchema
  const names = Object.keys(properties)
  const readers = new Map<string, Reader>()
  const questions = names.map((name) => {
    const { item, reader } = questionOf(
      name,
      properties[name] as ElicitationProperty,
      {
        message: params.message,
        single: names.length === 1,
        required: required.includes(name),
        header,
      },
      labels,
    )
    readers.set(name, reader)
    return item
  })
  return {
    questions,
    contentOf(answer) {
      const content: ElicitationContent = {}
      for (const item of answer.answers) {
        const reader = readers.get(item.id)
        const skipped = item.selected.length === 0 && item.custom === undefined
        if (!reader || skipped) continue
        const value = propertyValue(reader, item)
        if (value !== undefined) content[item.id] = value
      }
      return content
    },
  }
}

/** @internal The first step: answer the request, or decline it. */
export function declineStep(
  params: FormElicitationParams,
  header: string,
  labels: ElicitationLabels,
): AskUserQuestionItem {
  const fields = Object.entries(params.requestedSchema.properties).map(([name, property]) =>
    present(property.title) ? property.title : name,
  )
  const answer: { label: string; description?: string } = {
    label: fields.length > 0 ? labels.answer : labels.accept,
  }
  if (fields.length > 0) answer.description = fields.join(', ')
  return {
    id: 'respond',
    header,
    question: present(params.message) ? params.message : header,
    options: [answer, { label: labels.decline }],
    required: true,
    allowCustom: false,
  }
}
