// Part of the intent views' chunk: imports nothing the eager chunk holds but
// React and `displayText` (a chunk of its own already).
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { displayText } from '../text/display-text.ts'
import {
  type FieldError,
  type FieldValue,
  type FormField,
  formFields,
  formInput,
  initialValues,
  JSON_FIELD,
  jsonInput,
} from './approval-form.ts'
import type { ApprovalWords } from './approval-words.ts'

const part = (name: string) => ({ 'data-scope': 'question-composer', 'data-part': name })

/** An error of the editor in the card's words. */
function errorText(words: ApprovalWords, error: FieldError): string {
  switch (error.key) {
    case 'missing':
      return words.missing(error.name)
    case 'wrongType':
      return words.wrongType(error.name, error.type)
    case 'notAChoice':
      return words.notAChoice(error.name, error.choices.join(', '))
    default:
      return words[error.key]
  }
}

interface FieldProps {
  id: string
  field: FormField
  value: FieldValue
  error: string | undefined
  words: ApprovalWords
  onChange: (value: FieldValue) => void
  onEnter: () => void
}

/** A label, the control, its description and its error, tied by id. */
function Labelled({
  id,
  field,
  error,
  words,
  children,
}: Omit<FieldProps, 'value' | 'onChange' | 'onEnter'> & { children: ReactNode }) {
  const label = (
    <label {...part('approval-field-label')} htmlFor={id} dir="auto">
      {displayText(field.label)}
      {field.required ? (
        <>
          {' '}
          <span {...part('approval-required')}>({words.required})</span>
        </>
      ) : null}
    </label>
  )
  return (
    <div
      {...part('approval-form-field')}
      data-kind={field.kind}
      data-invalid={error ? '' : undefined}
    >
      {field.kind === 'boolean' ? (
        <>
          {children}
          {label}
        </>
      ) : (
        <>
          {label}
          {children}
        </>
      )}
      {field.description ? (
        <span {...part('approval-field-description')} id={`${id}-description`} dir="auto">
          {displayText(field.description)}
        </span>
      ) : null}
      {error ? (
        <span {...part('approval-error')} id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  )
}

function Control({ id, field, value, error, words, onChange, onEnter }: FieldProps) {
  const described =
    [field.description ? `${id}-description` : '', error ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined
  const common = {
    id,
    name: field.name,
    'aria-describedby': described,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required || undefined,
  }
  // Enter in a one-line field sends, as it does in a form.
  const enter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    onEnter()
  }
  const text = typeof value === 'string' ? value : ''
  if (field.kind === 'boolean')
    return (
      <input
        {...common}
        type="checkbox"
        checked={value === true}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    )
  if (field.kind === 'choice')
    return (
      <select {...common} value={text} onChange={(event) => onChange(event.currentTarget.value)}>
        {field.required && field.choices.includes(text) ? null : (
          <option value="">{words.unset}</option>
        )}
        {field.choices.map((choice) => (
          <option key={choice} value={choice}>
            {displayText(choice)}
          </option>
        ))}
      </select>
    )
  if (field.kind === 'string' && text.includes('\n'))
    return (
      <textarea
        {...common}
        dir="auto"
        rows={Math.min(8, text.split('\n').length)}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    )
  return (
    <input
      {...common}
      type="text"
      dir="auto"
      inputMode={
        field.kind === 'integer' ? 'numeric' : field.kind === 'number' ? 'decimal' : undefined
      }
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={enter}
    />
  )
}

/** Props of {@link ApprovalEditor}. */
interface EditorProps {
  id: string
  words: ApprovalWords
  /** The call's arguments, the editor's first values. */
  input: Record<string, unknown>
  schema: Record<string, unknown> | undefined
  onConfirm: (input: Record<string, unknown>) => void
  onCancel: () => void
}

/**
 * The arguments editor of an approval's Edit: a form when the tool's schema
 * is an object of primitives, JSON text otherwise. Checked before anything is
 * sent: each error shows under its field, which describes it, and focus goes
 * to the first. Focus starts in the first field; Escape or Cancel closes it.
 */
export function ApprovalEditor({ id, words, input, schema, onConfirm, onCancel }: EditorProps) {
  const [fields] = useState(() => formFields(schema, input))
  const [values, setValues] = useState(() => (fields ? initialValues(fields, input) : {}))
  const [json, setJson] = useState(() => JSON.stringify(input, null, 2))
  const [errors, setErrors] = useState<Record<string, FieldError>>({})
  const [checked, setChecked] = useState(0)
  const root = useRef<HTMLFieldSetElement | null>(null)
  useEffect(() => {
    root.current?.querySelector<HTMLElement>('input, textarea, select')?.focus()
  }, [])
  useEffect(() => {
    if (checked > 0) root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [checked])
  const confirm = () => {
    const result = fields ? formInput(fields, values, input) : jsonInput(json, schema)
    if (result.ok) return onConfirm(result.input)
    setErrors(result.errors)
    setChecked((n) => n + 1)
  }
  const clear = (name: string) =>
    setErrors((shown) => {
      if (!(name in shown)) return shown
      const { [name]: _, ...rest } = shown
      return rest
    })
  const jsonError = errors[JSON_FIELD]
  const jsonId = `${id}-json`
  return (
    <fieldset
      {...part('approval-editor')}
      ref={root}
      id={id}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        onCancel()
      }}
    >
      <legend {...part('approval-editor-title')}>{words.editArguments}</legend>
      {fields ? (
        fields.map((field, index) => {
          const fieldId = `${id}-field-${index}`
          const error = errors[field.name]
          const props = {
            id: fieldId,
            field,
            error: error ? errorText(words, error) : undefined,
            words,
          }
          return (
            <Labelled key={field.name} {...props}>
              <Control
                {...props}
                value={values[field.name] ?? ''}
                onChange={(value) => {
                  setValues((current) => ({ ...current, [field.name]: value }))
                  clear(field.name)
                }}
                onEnter={confirm}
              />
            </Labelled>
          )
        })
      ) : (
        <div
          {...part('approval-form-field')}
          data-kind="json"
          data-invalid={jsonError ? '' : undefined}
        >
          <label {...part('approval-field-label')} htmlFor={jsonId}>
            {words.json}
          </label>
          <textarea
            {...part('approval-json')}
            id={jsonId}
            dir="ltr"
            spellCheck={false}
            rows={Math.min(12, Math.max(3, json.split('\n').length))}
            value={json}
            aria-invalid={jsonError ? true : undefined}
            aria-describedby={jsonError ? `${jsonId}-error` : undefined}
            onChange={(event) => {
              setJson(event.currentTarget.value)
              clear(JSON_FIELD)
            }}
            onKeyDown={(event) => {
              // Ctrl+Enter (⌘+Enter) sends; Enter is a new line in JSON.
              if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return
              event.preventDefault()
              confirm()
            }}
          />
          {jsonError ? (
            <span {...part('approval-error')} id={`${jsonId}-error`}>
              {errorText(words, jsonError)}
            </span>
          ) : null}
        </div>
      )}
      <div {...part('approval-panel-actions')}>
        <button type="button" {...part('approval-cancel')} onClick={onCancel}>
          {words.cancel}
        </button>
        <button type="button" {...part('approval-confirm')} data-decision="edit" onClick={confirm}>
          {words.confirmEdit}
        </button>
      </div>
    </fieldset>
  )
}
