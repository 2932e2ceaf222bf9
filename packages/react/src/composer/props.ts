import {
  type ComposerPhase,
  type KeyContext,
  keyIntent,
  type QuestionStatus,
} from '@parley/machine'
import type { KeyboardEvent } from 'react'
import type { ComposerContextValue } from './context.ts'

/** Every element a composer renders carries these. */
export function part(name: string) {
  return { 'data-scope': 'question-composer', 'data-part': name } as const
}

function keyContextOf(target: EventTarget | null): KeyContext {
  if (!(target instanceof Element)) return 'elsewhere'
  if (target.closest('[data-part="custom-input"]')) return 'custom'
  if (target.closest('[data-part="options"]')) return 'options'
  return 'elsewhere'
}

/** Runs the machine's keyboard map for a keydown anywhere in the composer. */
export function handleKeyDown(ctx: ComposerContextValue, event: KeyboardEvent<HTMLElement>): void {
  if (event.defaultPrevented) return
  const intent = keyIntent(
    {
      key: event.key,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      isComposing: event.nativeEvent.isComposing === true,
      keyCode: event.keyCode,
    },
    keyContextOf(event.target),
    ctx.store.getState(),
    { composition: ctx.tracker },
  )
  if (!intent) return
  event.preventDefault()
  ctx.send(intent)
}

/** Props of the root element. */
export function getRootProps(
  ctx: ComposerContextValue,
  view: { phase: ComposerPhase; minimized: boolean; label: string },
) {
  return {
    ...part('root'),
    id: ctx.ids.root,
    ref: (element: HTMLElement | null) => {
      ctx.rootRef.current = element
    },
    'aria-label': view.label,
    'data-state': view.phase,
    'data-minimized': view.minimized ? '' : undefined,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => handleKeyDown(ctx, event),
  }
}

/** Props of the question title (the focus target on takeover). */
export function getTitleProps(ctx: ComposerContextValue) {
  return { ...part('title'), id: ctx.ids.title, tabIndex: -1, dir: 'auto' as const }
}

/** Props of the option list. */
export function getOptionsProps(ctx: ComposerContextValue, view: { multiple: boolean }) {
  return {
    ...part('options'),
    role: view.multiple ? 'group' : 'radiogroup',
    'aria-labelledby': ctx.ids.title,
    'data-multiple': view.multiple ? '' : undefined,
  }
}

/** What one option needs to render. */
export interface OptionView {
  index: number
  label: string
  multiple: boolean
  checked: boolean
  focusable: boolean
  disabled: boolean
}

/** Props of one option (a radio or a checkbox). */
export function getOptionProps(ctx: ComposerContextValue, view: OptionView) {
  return {
    ...part('option'),
    type: 'button' as const,
    id: ctx.ids.option(view.index),
    role: view.multiple ? 'checkbox' : 'radio',
    'aria-checked': view.checked,
    'aria-disabled': view.disabled || undefined,
    tabIndex: view.focusable ? 0 : -1,
    'data-index': view.index,
    'data-state': view.checked ? 'checked' : 'unchecked',
    onClick: () => {
      if (!view.disabled) ctx.send({ type: 'CHOOSE_OPTION', label: view.label })
    },
  }
}

/** What the custom-answer textarea needs to render. */
export interface CustomInputView {
  disabled: boolean
  label: string
  placeholder: string
}

/**
 * Props of the custom-answer textarea without `value`: the field holds its own
 * text and each edit is sent to the machine; `onEdit` runs after the machine
 * took it. (The `CustomAnswer` part writes the machine's text back only when
 * it differs, so typing re-renders nothing.)
 */
export function getUncontrolledCustomInputProps(
  ctx: ComposerContextValue,
  view: CustomInputView,
  onEdit?: (element: HTMLTextAreaElement) => void,
) {
  return {
    ...part('custom-input'),
    id: ctx.ids.custom,
    'aria-label': view.label,
    'aria-describedby': ctx.ids.hint,
    placeholder: view.placeholder,
    dir: 'auto' as const,
    readOnly: view.disabled,
    'aria-disabled': view.disabled || undefined,
    onChange: (event: { currentTarget: HTMLTextAreaElement }) => {
      const element = event.currentTarget
      ctx.send({ type: 'SET_CUSTOM_TEXT', text: element.value })
      onEdit?.(element)
    },
    onCompositionStart: () => ctx.tracker.compositionStart(),
    onCompositionEnd: () => ctx.tracker.compositionEnd(),
    onBlur: () => ctx.tracker.blur(),
  }
}

/** Props of the custom-answer textarea, controlled: `value` is the current draft's text. */
export function getCustomInputProps(
  ctx: ComposerContextValue,
  view: CustomInputView & { value: string },
) {
  return { ...getUncontrolledCustomInputProps(ctx, view), value: view.value }
}

/** Props of a plain button that sends one event. */
export function getButtonProps(
  ctx: ComposerContextValue,
  name: string,
  view: { label?: string; disabled: boolean; event: Parameters<ComposerContextValue['send']>[0] },
) {
  return {
    ...part(name),
    type: 'button' as const,
    'aria-label': view.label,
    // aria-disabled, not disabled: a focused control that turns busy keeps focus.
    'aria-disabled': view.disabled || undefined,
    onClick: () => {
      if (!view.disabled) ctx.send(view.event)
    },
  }
}

/** Props of a progress marker that jumps to its question. */
export function getMarkerProps(
  ctx: ComposerContextValue,
  view: {
    index: number
    status: QuestionStatus
    current: boolean
    label: string
    disabled: boolean
  },
) {
  return {
    ...getButtonProps(ctx, 'marker', {
      label: view.label,
      disabled: view.disabled,
      event: { type: 'GO_TO_QUESTION', index: view.index },
    }),
    'data-state': view.status,
    'aria-current': view.current ? ('step' as const) : undefined,
  }
}

/** Props of the status region (feedback, sent, settled). */
export function getStatusProps(ctx: ComposerContextValue, view: { tone: string }) {
  return {
    ...part('status'),
    id: ctx.ids.status,
    role: 'status',
    'data-state': view.tone,
  }
}
