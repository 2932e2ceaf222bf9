// Part of the intent views' chunk: imports nothing the eager chunk holds but
// React and `displayText` (a chunk of its own already).
import type { AskUserQuestionItem } from '@parley/seam'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { displayText } from '../text/display-text.ts'
import { ApprovalCall } from './approval-call.tsx'
import { ApprovalEditor } from './approval-editor.tsx'
import { type ApprovalWords, wordsFor } from './approval-words.ts'
import type { ComposerKit } from './intent-kit.ts'

/** What choosing an option of an approval does. */
type DecisionKind = 'allow' | 'always' | 'edit' | 'deny' | 'other'

/** The decision option `label` stands for in `question`'s approval intent. */
function decisionOf(question: AskUserQuestionItem, label: string): DecisionKind {
  const intent = question.intent
  if (label === intent?.allow) return 'allow'
  if (intent?.always?.includes(label)) return 'always'
  if (label === intent?.edit) return 'edit'
  if (label === intent?.deny) return 'deny'
  return 'other'
}

const part = (name: string) => ({ 'data-scope': 'question-composer', 'data-part': name })

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

type Panel = { name: 'deny' | 'edit'; focus: boolean } | null

interface Props {
  question: AskUserQuestionItem
  kit: ComposerKit
  words: ApprovalWords
}

/** The deny's optional reason: the composer's own custom field (typed text denies with it). */
function DenyPanel({
  kit,
  words,
  id,
  labelledBy,
  focus,
  holding,
  onConfirm,
  onCancel,
}: {
  kit: ComposerKit
  words: ApprovalWords
  id: string
  /** The Deny button's label, which names the panel. */
  labelledBy: string
  focus: boolean
  /** A decision is still chosen (a digit picked one): Enter sends the deny, not it. */
  holding: boolean
  onConfirm: (reason: string) => void
  onCancel: () => void
}) {
  const field = useRef<HTMLTextAreaElement | null>(null)
  const text = kit.useApiValue((api) => api.customText)
  const [initial] = useState(text)
  const keyHint = kit.useApiValue((api) => api.keyHint)
  const input = kit.usePart((api) => api.getCustomInputProps())
  const label = kit.usePart((api) => api.getCustomLabelProps())
  const hint = kit.usePart((api) => api.getHintProps())
  useEffect(() => {
    if (focus) field.current?.focus()
  }, [focus])
  const confirm = () => onConfirm(field.current?.value ?? '')
  // Enter is the composer's (it sends the typed reason), but for a blank
  // reason or a choice still held: those send the plain deny, or the reason.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const { key, shiftKey, altKey, nativeEvent } = event
    if (key !== 'Enter' || shiftKey || altKey || nativeEvent.isComposing || event.keyCode === 229)
      return
    if (event.currentTarget.value.trim() !== '' && !holding) return
    event.preventDefault()
    confirm()
  }
  return (
    <fieldset
      {...part('approval-deny')}
      id={id}
      aria-labelledby={labelledBy}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        onCancel()
      }}
    >
      <label {...label} htmlFor={label.htmlFor}>
        {words.reason}
      </label>
      <textarea
        ref={field}
        {...input}
        rows={2}
        placeholder={undefined}
        defaultValue={initial}
        onKeyDown={onKeyDown}
      />
      <span {...hint}>{keyHint}</span>
      <div {...part('approval-panel-actions')}>
        <button type="button" {...part('approval-cancel')} onClick={onCancel}>
          {words.cancel}
        </button>
        <button type="button" {...part('approval-confirm')} data-decision="deny" onClick={confirm}>
          {words.confirmDeny}
        </button>
      </div>
    </fieldset>
  )
}

/**
 * The decisions of an approval, one button each in the question's order
 * (its digits choose them, as they choose options): Allow once and each
 * Always allow send at once; Deny opens an optional reason, Edit an editor
 * of the arguments; any other option (the Claude adapter's "Deny and stop")
 * sends at once too. Each sends through the composer's own events.
 */
function Decisions({ question, kit, words }: Props) {
  const options = question.options ?? []
  const intent = question.intent
  const send = kit.useApiValue((api) => api.send)
  const editable = kit.useApiValue((api) => api.editable)
  const last = kit.useApiValue((api) => api.state.index >= api.total - 1)
  const base = kit.useApiValue((api) => api.ids.root)
  const title = kit.useApiValue((api) => api.ids.title)
  const chosen = kit.useApiValue((api) => api.state.drafts[question.id]?.selected[0])
  const reasonTyped = kit.useApiValue((api) => {
    const draft = api.state.drafts[question.id]
    return draft !== undefined && draft.selected.length === 0 && draft.custom.trim() !== ''
  })
  const [panel, setPanel] = useState<Panel>(null)
  const group = useRef<HTMLFieldSetElement | null>(null)
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const id = (name: string) => `${base}-approval-${name}`
  const reasons = question.allowCustom !== false

  // A reason typed before (a restored draft, text the chat input handed over) shows, unfocused.
  useEffect(() => {
    if (reasonTyped && reasons) setPanel((open) => open ?? { name: 'deny', focus: false })
  }, [reasonTyped, reasons])

  // A digit chose a decision while focus was on the title or a decision: focus follows, so Enter sends it.
  const seen = useRef(chosen)
  useEffect(() => {
    if (chosen === seen.current) return
    seen.current = chosen
    const active = document.activeElement
    const card = group.current?.closest('[data-part="root"]')
    if (!active || !card?.contains(active)) return
    if (!active.matches('[data-part="title"], [data-part="decision"]')) return
    if (chosen !== undefined) buttons.current.get(chosen)?.focus()
  }, [chosen])

  const decide = (label: string) => {
    send({ type: 'CHOOSE_OPTION', label })
    if (last) send({ type: 'CONFIRM_ANSWER' })
  }
  const close = (name: 'deny' | 'edit', label: string | undefined) => {
    setPanel(null)
    if (name === 'deny') send({ type: 'SET_CUSTOM_TEXT', text: '' })
    if (label !== undefined) buttons.current.get(label)?.focus()
  }
  const onClick = (label: string, kind: DecisionKind) => {
    if (!editable) return
    if ((kind === 'deny' && reasons) || kind === 'edit') {
      const name = kind
      setPanel((open) => (open?.name === name ? null : { name, focus: true }))
      return
    }
    decide(label)
  }
  const denyWith = (reason: string) => {
    if (!editable || intent?.deny === undefined) return
    if (reason.trim() === '') return decide(intent.deny)
    // Typed text replaces the choice: cleared first, so a choice still held goes too.
    send({ type: 'SET_CUSTOM_TEXT', text: '' })
    send({ type: 'SET_CUSTOM_TEXT', text: reason })
    send({ type: 'CONFIRM_ANSWER' })
  }
  const editWith = (input: Record<string, unknown>) => {
    if (!editable || intent?.edit === undefined) return
    send({ type: 'SET_CUSTOM_TEXT', text: JSON.stringify(input) })
    decide(intent.edit)
  }

  return (
    <>
      <fieldset {...part('approval-decisions')} ref={group} aria-labelledby={title}>
        {options.map((option, index) => {
          const kind = decisionOf(question, option.label)
          const described = option.description ? id(`${index}-description`) : undefined
          const opens = (kind === 'deny' && reasons) || kind === 'edit'
          return (
            <div key={option.label} {...part('decision-item')}>
              <button
                ref={(element) => {
                  if (element) buttons.current.set(option.label, element)
                  else buttons.current.delete(option.label)
                }}
                type="button"
                {...part('decision')}
                data-decision={kind}
                data-index={index}
                // The digit that picks it, drawn by the stylesheet: the button's visible text stays
                // its name (axe: label-content-name-mismatch).
                data-key={index < 9 ? index + 1 : undefined}
                data-state={chosen === option.label ? 'checked' : 'unchecked'}
                aria-disabled={!editable || undefined}
                aria-labelledby={id(`${index}-label`)}
                aria-describedby={described}
                aria-expanded={opens ? panel?.name === kind : undefined}
                aria-controls={opens && panel?.name === kind ? id(kind) : undefined}
                onClick={() => onClick(option.label, kind)}
              >
                <span {...part('decision-label')} id={id(`${index}-label`)} dir="auto">
                  {displayText(option.label)}
                </span>
              </button>
              {option.description ? (
                <span {...part('decision-description')} id={described} dir="auto">
                  {displayText(option.description)}
                </span>
              ) : null}
            </div>
          )
        })}
      </fieldset>
      {panel?.name === 'deny' ? (
        <DenyPanel
          kit={kit}
          words={words}
          id={id('deny')}
          labelledBy={id(`${options.findIndex((option) => option.label === intent?.deny)}-label`)}
          focus={panel.focus}
          holding={chosen !== undefined}
          onConfirm={denyWith}
          onCancel={() => close('deny', intent?.deny)}
        />
      ) : null}
      {panel?.name === 'edit' ? (
        <ApprovalEditor
          id={id('edit')}
          words={words}
          input={isRecord(intent?.input) ? intent.input : {}}
          schema={isRecord(intent?.inputSchema) ? intent.inputSchema : undefined}
          onConfirm={editWith}
          onCancel={() => close('edit', intent?.edit)}
        />
      ) : null}
    </>
  )
}

/**
 * An approval's card body: the tool call, readably (`ApprovalCall`), then
 * its decisions, each a button, with Deny's reason and Edit's editor.
 */
export function ApprovalCard({
  question,
  kit,
}: {
  question: AskUserQuestionItem
  kit: ComposerKit
}) {
  const { messages } = kit.useMessages()
  const words = wordsFor(messages.lang)
  return (
    <>
      <ApprovalCall question={question} words={words} />
      <Decisions question={question} kit={kit} words={words} />
    </>
  )
}
