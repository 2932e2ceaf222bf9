import { isBlankText, parseRecommendedLabel } from '@parley/seam'
import { part } from './composer.anatomy.ts'
import type { ConnectScope } from './composer.connect.scope.ts'
import { questionStatus } from './composer.selectors.ts'

/** What one option shows. */
export interface OptionView {
  /** The label as the agent wrote it (what is sent). */
  label: string
  /** The label without its "(Recommended)" suffix. */
  display: string
  recommended: boolean
  description: string | undefined
  /** What choosing it would look like (Markdown), when the agent offered one. */
  preview: string | undefined
  checked: boolean
  /** The digit that chooses it (1–9), if any. */
  shortcut: string | undefined
}

/** Getters of the question on screen: title, detail, options, custom answer, plan actions. */
export function questionParts(scope: ConnectScope) {
  const { state, send, ids, labels, format, question, draft, editable, composition } = scope
  const multiple = question?.multiSelect === true
  const inline = (question?.options?.length ?? 0) > 0
  const custom = draft?.custom ?? ''
  const option = (index: number): OptionView => {
    const source = question?.options?.[index]
    const label = source?.label ?? ''
    const { display, recommended } = parseRecommendedLabel(label)
    return {
      label,
      display,
      recommended,
      description: source?.description,
      preview: source?.preview,
      checked: source ? (draft?.selected.includes(label) ?? false) : false,
      shortcut: index < 9 ? String(index + 1) : undefined,
    }
  }
  const optionId = (index: number, sub: string) => `${ids.option(index)}-${sub}`
  // The question's Markdown detail, when it has one, describes its fields.
  const detail = question?.detail ? ids.detail : undefined
  const customLabel = inline ? labels.customLabel : labels.freeTextLabel
  const input = question?.input
  const numeric = input?.type === 'number' || input?.type === 'integer'
  // A suggested answer (an MCP `default`) is shown, never sent unless the user types it.
  const placeholder =
    input?.suggestion !== undefined
      ? format(labels.constraintSuggestion, { value: input.suggestion })
      : inline
        ? labels.customPlaceholder
        : labels.freeTextPlaceholder
  const submitting = state.phase === 'submitting'
  const chosen = draft?.selected[0]
  const previews = question?.options?.some((source) => source.preview !== undefined) === true

  return {
    /** Number of options of the question on screen (0 for free text). */
    optionCount: question?.options?.length ?? 0,
    /** What option `index` shows. */
    option,
    /** Some option of the question on screen has a `preview`: the options show beside them. */
    hasPreviews: previews,
    /** The text of the custom answer as the machine has it. */
    customText: custom,
    /** Label of the custom-answer field ("Other answer" inline, "Your answer" for free text). */
    customLabel,
    /**
     * The question takes a typed answer in the custom field (`allowCustom`
     * is not `false`); an approval's typed text is its deny's reason, typed
     * under its Deny decision instead.
     */
    allowsCustom: question?.allowCustom !== false && question?.intent?.kind !== 'approval',
    getQuestionProps: () => ({
      ...part('question'),
      'data-state': question ? questionStatus(state, question.id) : 'open',
      'data-question-id': question?.id,
    }),
    /** The question as a heading; the focus target on takeover. */
    getTitleProps: () => ({ ...part('title'), id: ids.title, tabindex: -1, dir: 'auto' }),
    getDetailProps: (variant?: 'plan') => ({
      ...part('detail'),
      id: ids.detail,
      'data-variant': variant,
      dir: 'auto',
    }),
    /** The radio group or checkbox group, named by the question and described by its detail. */
    getOptionsProps: () => ({
      ...part('options'),
      role: multiple ? 'group' : 'radiogroup',
      'aria-labelledby': ids.title,
      'aria-describedby': detail,
      'data-multiple': multiple || undefined,
    }),
    /** One option: a radio (single-select) or a checkbox (multi-select) with roving focus. */
    getOptionProps: (index: number) => {
      const view = option(index)
      const described = [
        view.recommended ? optionId(index, 'badge') : '',
        view.description ? optionId(index, 'description') : '',
        view.preview !== undefined ? optionId(index, 'preview') : '',
      ].filter(Boolean)
      return {
        ...part('option'),
        type: 'button',
        id: ids.option(index),
        role: multiple ? 'checkbox' : 'radio',
        'aria-checked': view.checked,
        'aria-disabled': !editable || undefined,
        'aria-labelledby': optionId(index, 'label'),
        'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
        tabindex: state.activeOption === index ? 0 : -1,
        'data-index': index,
        'data-state': view.checked ? 'checked' : 'unchecked',
        onClick: () => {
          if (editable) send({ type: 'CHOOSE_OPTION', label: view.label })
        },
      }
    },
    getOptionIndicatorProps: () => part('option-indicator'),
    getOptionTextProps: () => part('option-text'),
    getOptionLabelProps: () => part('option-label'),
    /** The element holding the option's label text; it names the option. */
    getOptionLabelTextProps: (index: number) => ({ id: optionId(index, 'label'), dir: 'auto' }),
    getOptionBadgeProps: (index: number) => ({ ...part('badge'), id: optionId(index, 'badge') }),
    getOptionDescriptionProps: (index: number) => ({
      ...part('option-description'),
      id: optionId(index, 'description'),
      dir: 'auto',
    }),
    /**
     * Option `index`'s preview, its description (`aria-describedby`): shown
     * (`data-state="open"`) while that option has roving focus, which follows
     * the choice; the others are `hidden` (the styles keep their space).
     */
    getOptionPreviewProps: (index: number) => {
      const open = state.activeOption === index
      return {
        ...part('option-preview'),
        id: optionId(index, 'preview'),
        'data-state': open ? 'open' : 'closed',
        hidden: !open || undefined,
        dir: 'auto',
      }
    },
    getOptionKeyProps: () => ({ ...part('option-key'), 'aria-hidden': true }),
    getCustomAnswerProps: () => ({
      ...part('custom-answer'),
      'data-variant': inline ? 'inline' : 'block',
      'data-state': isBlankText(custom) ? 'empty' : 'filled',
    }),
    getCustomLabelProps: () => ({
      ...part('custom-label'),
      for: ids.custom,
      id: ids.customLabel,
    }),
    /**
     * The custom-answer textarea, without its value (`customText`): each edit
     * goes to the machine through `onInput`; composition and blur feed the
     * IME tracker. Named by the question and its own label ("Which colour?
     * Other answer"; `aria-label` is the fallback when neither element is
     * rendered), described by the detail and the key hint.
     */
    getCustomInputProps: () => ({
      ...part('custom-input'),
      id: ids.custom,
      rows: inline ? 1 : 3,
      'aria-labelledby': `${ids.title} ${ids.customLabel}`,
      'aria-label': customLabel,
      'aria-describedby': detail ? `${detail} ${ids.hint}` : ids.hint,
      placeholder,
      // A number gets the number keyboard on phones; the text stays a textarea.
      inputmode: input?.type === 'integer' ? 'numeric' : numeric ? 'decimal' : undefined,
      dir: 'auto',
      readonly: !editable,
      'aria-disabled': !editable || undefined,
      onInput: (text: string) => send({ type: 'SET_CUSTOM_TEXT', text }),
      onCompositionStart: () => composition?.compositionStart(),
      onCompositionEnd: (timeStamp?: number) => composition?.compositionEnd(timeStamp),
      onBlur: () => composition?.blur(),
    }),
    getHintProps: () => ({ ...part('hint'), id: ids.hint }),
    /**
     * A plan-review button. `label` approves or declines (choose it and
     * submit at once); `null` is "Chat about it", which cancels the request.
     */
    getPlanActionProps: (label: string | null, variant: 'primary' | 'secondary' | 'quiet') => ({
      ...part('plan-action'),
      type: 'button',
      'data-variant': variant,
      'aria-disabled': !editable || undefined,
      'aria-busy': (label !== null && submitting && chosen === label) || undefined,
      onClick: () => {
        if (!editable) return
        if (label === null) return send({ type: 'REQUEST_CANCEL' })
        send({ type: 'CHOOSE_OPTION', label })
        send({ type: 'SUBMIT' })
      },
    }),
    /** A plan-review button's text: its label, or "Submitting…" on the one being sent. */
    planActionText: (label: string) =>
      submitting && chosen === label ? labels.submitting : parseRecommendedLabel(label).display,
  }
}
