// Part of the intent views' chunk: imports nothing the eager chunk holds but
// React and `displayText` (a chunk of its own already).
import type { AskUserQuestionItem } from '@parley/seam'
import { useEffect, useRef, useState } from 'react'
import { displayText } from '../text/display-text.ts'
import { ApprovalCall } from './approval-call.tsx'
import { DenyPanel } from './approval-deny.tsx'
import { ApprovalEditor } from './approval-editor.tsx'
import { type ApprovalWords, wordsFor } from './approval-words.ts'
import type { ComposerKit } from './intent-kit.ts'

const part = (name: string) => ({ 'data-scope': 'question-composer', 'data-part': name })

/**
 * What choosing an option of an approval does: `decisionKindOf` of
 * `@parley/seam`, read here from the question's intent as it came, so this
 * chunk does not pull the seam's approval module into the composer's eager one.
 */
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

type Panel = { name: 'deny' | 'edit'; focus: boolean } | null

interface Props {
  question: AskUserQuestionItem
  kit: ComposerKit
  words: ApprovalWords
}

/** One decision's button (its digit drawn by the stylesheet), with its description beside it. */
function DecisionButton({
  option,
  index,
  kind,
  id,
  chosen,
  editable,
  expanded,
  buttons,
  onClick,
}: {
  option: { label: string; description?: string | undefined }
  index: number
  kind: DecisionKind
  id: (name: string) => string
  chosen: boolean
  editable: boolean
  /** Whether the panel it opens is open; `undefined` for a decision that opens none. */
  expanded: boolean | undefined
  /** The card's decision buttons by label, for focus to find. */
  buttons: Map<string, HTMLButtonElement>
  onClick: () => void
}) {
  const described = option.description ? id(`${index}-description`) : undefined
  return (
    <div {...part('decision-item')}>
      <button
        ref={(element) => {
          if (element) buttons.set(option.label, element)
          else buttons.delete(option.label)
        }}
        type="button"
        {...part('decision')}
        data-decision={kind}
        data-index={index}
        // The digit that picks it, drawn by the stylesheet: the button's visible text stays
        // its name (axe: label-content-name-mismatch).
        data-key={index < 9 ? index + 1 : undefined}
        data-state={chosen ? 'checked' : 'unchecked'}
        aria-disabled={!editable || undefined}
        aria-labelledby={id(`${index}-label`)}
        aria-describedby={described}
        aria-expanded={expanded}
        aria-controls={expanded ? id(kind) : undefined}
        onClick={onClick}
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
  const approval = question.intent
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
    if (!editable || approval?.deny === undefined) return
    if (reason.trim() === '') return decide(approval.deny)
    // Typed text replaces the choice: cleared first, so a choice still held goes too.
    send({ type: 'SET_CUSTOM_TEXT', text: '' })
    send({ type: 'SET_CUSTOM_TEXT', text: reason })
    send({ type: 'CONFIRM_ANSWER' })
  }
  const editWith = (input: Record<string, unknown>) => {
    if (!editable || approval?.edit === undefined) return
    send({ type: 'SET_CUSTOM_TEXT', text: JSON.stringify(input) })
    decide(approval.edit)
  }

  return (
    <>
      <fieldset {...part('approval-decisions')} ref={group} aria-labelledby={title}>
        {options.map((option, index) => {
          const kind = decisionOf(question, option.label)
          const opens = (kind === 'deny' && reasons) || kind === 'edit'
          return (
            <DecisionButton
              key={option.label}
              option={option}
              index={index}
              kind={kind}
              id={id}
              chosen={chosen === option.label}
              editable={editable}
              expanded={opens ? panel?.name === kind : undefined}
              buttons={buttons.current}
              onClick={() => onClick(option.label, kind)}
            />
          )
        })}
      </fieldset>
      {panel?.name === 'deny' ? (
        <DenyPanel
          kit={kit}
          words={words}
          id={id('deny')}
          labelledBy={id(`${options.findIndex((option) => option.label === approval?.deny)}-label`)}
          focus={panel.focus}
          holding={chosen !== undefined}
          onConfirm={denyWith}
          onCancel={() => close('deny', approval?.deny)}
        />
      ) : null}
      {panel?.name === 'edit' ? (
        <ApprovalEditor
          id={id('edit')}
          words={words}
          input={isRecord(approval?.input) ? approval.input : {}}
          schema={isRecord(approval?.inputSchema) ? approval.inputSchema : undefined}
          onConfirm={editWith}
          onCancel={() => close('edit', approval?.edit)}
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
