import { type ComposerState, selectCustomText } from '@parley/machine'
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react'
import { displayText } from '../text/display-text.ts'
import { useClientLayoutEffect } from '../text/layout-effect.ts'
import { createAutosize } from './autosize.ts'
import { useComposerContext } from './context.ts'
import { MarkdownDetail } from './detail.tsx'
import { CheckIcon } from './icons.tsx'
import { IntentBody } from './intent-body.tsx'
import { Title } from './title.tsx'
import { useApiValue, usePart, useStaticApi, useStaticPart } from './use-part.ts'

export { Title }

/** The question on screen: title, detail, options and the custom answer. */
export function Question({ children }: { children?: ReactNode }) {
  return (
    <div {...usePart((api) => api.getQuestionProps())}>
      {children ?? (
        <>
          <Title />
          <Detail />
          <Options />
          <CustomAnswer />
        </>
      )}
    </div>
  )
}

/** The question's Markdown `detail`, rendered safely (lazy chunk). */
export function Detail() {
  const detail = useApiValue((api) => api.question?.detail)
  const props = useStaticPart((api) => api.getDetailProps())
  return detail ? <MarkdownDetail source={detail} props={props} /> : null
}

/**
 * Radios (single-select) or checkboxes (multi-select), beside (or above) the
 * focused option's preview when options have previews (a lazy chunk).
 * Renders nothing for free-text questions. An approval's options are its
 * decisions: the tool call, then a button for each (the intent views' chunk).
 */
export function Options({ children }: { children?: ReactNode }) {
  const question = useApiValue((api) => api.question)
  const count = useApiValue((api) => api.optionCount)
  const props = usePart((api) => api.getOptionsProps())
  const previews = useApiValue((api) => api.hasPreviews)
  if (question?.intent?.kind === 'approval') return <IntentBody question={question} />
  if (count === 0) return null
  const list = (
    <div {...props}>
      {children ??
        Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are addressed by position
          <Option key={index} index={index} />
        ))}
    </div>
  )
  return previews ? <IntentBody list={list} /> : list
}

/** One option: label (without the recommended suffix), badge, description. */
export function Option({ index }: { index: number }) {
  const api = useStaticApi()
  const view = useApiValue((api) => api.option(index))
  const props = usePart((api) => api.getOptionProps(index))
  return (
    <button {...props}>
      <span {...api.getOptionIndicatorProps()}>{view.checked ? <CheckIcon /> : null}</span>
      <span {...api.getOptionTextProps()}>
        <span {...api.getOptionLabelProps()}>
          <span {...api.getOptionLabelTextProps(index)}>{displayText(view.display)}</span>
          {view.recommended ? (
            <span {...api.getOptionBadgeProps(index)}>{api.labels.recommended}</span>
          ) : null}
        </span>
        {view.description ? (
          <span {...api.getOptionDescriptionProps(index)}>{displayText(view.description)}</span>
        ) : null}
      </span>
      {view.shortcut ? <span {...api.getOptionKeyProps()}>{view.shortcut}</span> : null}
    </button>
  )
}

/**
 * The custom answer: an inline row after the options, or a larger block for a
 * free-text question. Grows to 6 lines, then scrolls.
 *
 * The textarea holds its own text: each edit goes to the machine, and the
 * machine's text is written back only when it differs from the field (a
 * restored draft, a choice that cleared it, an edit a `stateReducer`
 * amended). Typing re-renders nothing; the part renders again only when the
 * field turns filled or empty, editable or not, or shows another question
 * (then the field is a new element).
 */
export function CustomAnswer() {
  const ctx = useComposerContext()
  const [fit] = useState(createAutosize)
  const id = useApiValue((api) => api.question?.id)
  const allowsCustom = useApiValue((api) => api.allowsCustom)
  const customLabel = useApiValue((api) => api.customLabel)
  const keyHint = useApiValue((api) => api.keyHint)
  const answer = usePart((api) => api.getCustomAnswerProps())
  const input = usePart((api) => api.getCustomInputProps())
  const label = useStaticPart((api) => api.getCustomLabelProps())
  const hint = useStaticPart((api) => api.getHintProps())
  const field = useRef<HTMLTextAreaElement | null>(null)
  // Writes the machine's text into the field when they differ; true when it did.
  const write = (element: HTMLTextAreaElement, state: ComposerState) => {
    const text = selectCustomText(state)
    if (element.value === text) return false
    element.value = text
    return true
  }
  // After every render (they are rare: typing renders nothing), so it sees the current field.
  useClientLayoutEffect(() => {
    const element = field.current
    if (!element) return
    write(element, ctx.store.getState())
    fit(element)
    return ctx.store.subscribe((state) => {
      if (write(element, state)) fit(element)
    })
  })
  if (id === undefined || !allowsCustom) return null
  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    input.onChange?.(event)
    // An edit the machine refused or amended shows as the machine has it.
    write(event.currentTarget, ctx.store.getState())
    fit(event.currentTarget)
  }
  return (
    <div {...answer}>
      <label {...label} htmlFor={label.htmlFor}>
        {customLabel}
      </label>
      <textarea key={id} ref={field} {...input} onChange={onChange} />
      <span {...hint}>{keyHint}</span>
    </div>
  )
}
