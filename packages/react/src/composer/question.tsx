import { type ComposerState, selectCurrentQuestion } from '@parley/machine'
import { isBlankText, parseRecommendedLabel } from '@parley/seam'
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { displayText } from '../text/display-text.ts'
import { createAutosize } from './autosize.ts'
import { currentDraft, useComposerContext, useComposerState, useMessages } from './context.ts'
import { MarkdownDetail } from './detail.tsx'
import { CheckIcon } from './icons.tsx'
import {
  getOptionProps,
  getOptionsProps,
  getTitleProps,
  getUncontrolledCustomInputProps,
  part,
} from './props.ts'
import { currentStatus, isEditable } from './view.ts'

/** The question on screen: title, detail, options and the custom answer. */
export function Question({ children }: { children?: ReactNode }) {
  const view = useComposerState(
    (state) => ({ id: selectCurrentQuestion(state)?.id, status: currentStatus(state) }),
    currentStatus,
  )
  return (
    <div {...part('question')} data-state={view.status} data-question-id={view.id}>
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

/** The question text as a heading (focusable with `tabindex="-1"`). */
export function Title() {
  const ctx = useComposerContext()
  const text = useComposerState((state) => selectCurrentQuestion(state)?.question ?? '')
  return <h2 {...getTitleProps(ctx)}>{displayText(text)}</h2>
}

/** The question's Markdown `detail`, rendered safely (lazy chunk). */
export function Detail() {
  const ctx = useComposerContext()
  const detail = useComposerState((state) => selectCurrentQuestion(state)?.detail)
  return detail ? <MarkdownDetail source={detail} id={ctx.ids.detail} /> : null
}

/** Radios (single-select) or checkboxes (multi-select). Renders nothing for free-text questions. */
export function Options({ children }: { children?: ReactNode }) {
  const ctx = useComposerContext()
  const view = useComposerState((state) => {
    const question = selectCurrentQuestion(state)
    return { count: question?.options?.length ?? 0, multiple: question?.multiSelect === true }
  })
  if (view.count === 0) return null
  return (
    <div {...getOptionsProps(ctx, view)}>
      {children ??
        Array.from({ length: view.count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are addressed by position
          <Option key={index} index={index} />
        ))}
    </div>
  )
}

const selectedLabels = (state: ComposerState) => currentDraft(state)?.selected

/** One option: label (without the recommended suffix), badge, description. */
export function Option({ index }: { index: number }) {
  const ctx = useComposerContext()
  const { messages } = useMessages()
  const view = useComposerState(
    (state) => {
      const question = selectCurrentQuestion(state)
      const option = question?.options?.[index]
      return {
        label: option?.label ?? '',
        description: option?.description,
        multiple: question?.multiSelect === true,
        checked: option ? (currentDraft(state)?.selected.includes(option.label) ?? false) : false,
        focusable: state.activeOption === index,
        disabled: !isEditable(state),
      }
    },
    selectedLabels,
    index,
  )
  const { display, recommended } = parseRecommendedLabel(view.label)
  const id = ctx.ids.option(index)
  const described = [
    recommended ? `${id}-badge` : '',
    view.description ? `${id}-description` : '',
  ].filter(Boolean)
  return (
    <button
      {...getOptionProps(ctx, { ...view, index })}
      aria-labelledby={`${id}-label`}
      aria-describedby={described.length > 0 ? described.join(' ') : undefined}
    >
      <span {...part('option-indicator')}>{view.checked ? <CheckIcon /> : null}</span>
      <span {...part('option-text')}>
        <span {...part('option-label')}>
          <span id={`${id}-label`} dir="auto">
            {displayText(display)}
          </span>
          {recommended ? (
            <span {...part('badge')} id={`${id}-badge`}>
              {messages.recommended}
            </span>
          ) : null}
        </span>
        {view.description ? (
          <span {...part('option-description')} id={`${id}-description`} dir="auto">
            {displayText(view.description)}
          </span>
        ) : null}
      </span>
      {index < 9 ? (
        <span {...part('option-key')} aria-hidden="true">
          {index + 1}
        </span>
      ) : null}
    </button>
  )
}

const customText = (state: ComposerState) => currentDraft(state)?.custom ?? ''
const customFilled = (state: ComposerState) => !isBlankText(customText(state))

/**
 * The custom answer: an inline row after the options, or a larger block for a
 * free-text question. Grows to 6 lines, then scrolls.
 *
 * The textarea holds its own text: each edit goes to the machine, and the
 * machine's text is written back only when it differs from the field (a
 * restored draft, another question, a choice that cleared it, an edit a
 * `stateReducer` amended). Typing re-renders nothing; the part renders again
 * only when the field turns filled or empty, editable or not, or shows
 * another question.
 */
export function CustomAnswer() {
  const ctx = useComposerContext()
  const { messages } = useMessages()
  const ref = useRef<HTMLTextAreaElement>(null)
  const [fit] = useState(createAutosize)
  const view = useComposerState((state) => {
    const question = selectCurrentQuestion(state)
    return {
      id: question?.id,
      filled: customFilled(state),
      inline: (question?.options?.length ?? 0) > 0,
      disabled: !isEditable(state),
    }
  }, customFilled)
  const [sync] = useState(() => () => {
    const element = ref.current
    if (!element) return
    const text = customText(ctx.store.getState())
    if (element.value !== text) {
      element.value = text
      fit(element)
    }
  })
  // Re-sync and re-measure when the field shows another question or changes variant.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `view.id` and `view.inline` are the triggers
  useLayoutEffect(() => {
    sync()
    if (ref.current) fit(ref.current)
    return ctx.watch(sync, customText)
  }, [ctx, sync, fit, view.id, view.inline])
  if (view.id === undefined) return null
  const label = view.inline ? messages.customLabel : messages.freeTextLabel
  return (
    <div
      {...part('custom-answer')}
      data-variant={view.inline ? 'inline' : 'block'}
      data-state={view.filled ? 'filled' : 'empty'}
    >
      <label {...part('custom-label')} htmlFor={ctx.ids.custom} id={ctx.ids.customLabel}>
        {label}
      </label>
      <textarea
        ref={ref}
        rows={view.inline ? 1 : 3}
        {...getUncontrolledCustomInputProps(
          ctx,
          {
            disabled: view.disabled,
            label,
            placeholder: view.inline ? messages.customPlaceholder : messages.freeTextPlaceholder,
          },
          (element) => {
            // An edit the machine refused or amended shows as the machine has it.
            sync()
            fit(element)
          },
        )}
      />
      <span {...part('hint')} id={ctx.ids.hint}>
        {messages.keyboardHint}
      </span>
    </div>
  )
}
