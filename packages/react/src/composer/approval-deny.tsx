// Part of the intent views' chunk, with the approval card.
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import type { ApprovalWords } from './approval-words.ts'
import type { ComposerKit } from './intent-kit.ts'

const part = (name: string) => ({ 'data-scope': 'question-composer', 'data-part': name })

/** The deny's optional reason: the composer's own custom field (typed text denies with it). */
export function DenyPanel({
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
