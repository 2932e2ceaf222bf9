import {
  type ComposerEvent,
  type ComposerProgress,
  type ComposerState,
  canSubmit,
  isLastQuestion,
  questionStatus,
  selectCurrentQuestion,
  selectProgress,
} from '@parley/machine'
import type { AskUserQuestionItem } from '@parley/seam'
import { useStore } from 'zustand'
import type { ComposerMessages } from '../locales/index.ts'
import type { ComposerContextValue, MessagesValue } from './context.ts'
import {
  type QuestionComposerOptions,
  useComposerController,
  useMessagesValue,
} from './controller.ts'
import {
  getButtonProps,
  getCustomInputProps,
  getMarkerProps,
  getOptionProps,
  getOptionsProps,
  getRootProps,
  getStatusProps,
  getTitleProps,
} from './props.ts'
import type { ComposerHandle } from './root.tsx'
import { isEditable, primaryAction, statusOf } from './view.ts'

/** What `useQuestionComposer` returns: state, translations and prop getters. */
export interface QuestionComposerApi extends ComposerHandle {
  /** The full machine state. */
  state: ComposerState
  /** Sends an event to the machine. */
  send: (event: ComposerEvent) => void
  /** Strings of the current locale. */
  messages: ComposerMessages
  /** The question on screen. */
  question: AskUserQuestionItem | undefined
  progress: ComposerProgress
  canSubmit: boolean
  isLastQuestion: boolean
  /** Editing and navigation are open. */
  editable: boolean
  /** Translated status-region text and tone. */
  status: { text: string; tone: 'error' | 'info' | 'success' | 'idle' }
  getRootProps(): ReturnType<typeof getRootProps>
  getTitleProps(): ReturnType<typeof getTitleProps>
  getOptionsProps(): ReturnType<typeof getOptionsProps>
  getOptionProps(index: number): ReturnType<typeof getOptionProps>
  getCustomInputProps(): ReturnType<typeof getCustomInputProps>
  getSkipProps(): ReturnType<typeof getButtonProps>
  /** The primary button; its label is `primaryLabel`. */
  getSubmitProps(): ReturnType<typeof getButtonProps>
  primaryLabel: string
  getPreviousProps(): ReturnType<typeof getButtonProps>
  getNextProps(): ReturnType<typeof getButtonProps>
  getMarkerProps(index: number): ReturnType<typeof getMarkerProps>
  getDismissProps(): ReturnType<typeof getButtonProps>
  getConfirmCancelProps(): ReturnType<typeof getButtonProps>
  getKeepAnsweringProps(): ReturnType<typeof getButtonProps>
  getStatusProps(): ReturnType<typeof getStatusProps>
}

function connect(ctx: ComposerContextValue, i18n: MessagesValue, state: ComposerState) {
  const { messages, t } = i18n
  const question = selectCurrentQuestion(state)
  const editable = isEditable(state)
  const total = state.request.questions.length
  const action = primaryAction(state)
  const status = statusOf(messages, state)
  const draft = question ? state.drafts[question.id] : undefined
  const inline = (question?.options?.length ?? 0) > 0
  return {
    state,
    send: ctx.send,
    messages,
    question,
    progress: selectProgress(state),
    canSubmit: canSubmit(state),
    isLastQuestion: isLastQuestion(state),
    editable,
    status,
    primaryLabel:
      state.phase === 'submitting'
        ? messages.submitting
        : action === 'retry'
          ? messages.retry
          : action === 'submit'
            ? messages.submit
            : messages.next,
    getRootProps: () =>
      getRootProps(ctx, {
        phase: state.phase,
        minimized: state.minimized,
        label: messages.regionLabel,
      }),
    getTitleProps: () => getTitleProps(ctx),
    getOptionsProps: () => getOptionsProps(ctx, { multiple: question?.multiSelect === true }),
    getOptionProps: (index: number) => {
      const label = question?.options?.[index]?.label ?? ''
      return getOptionProps(ctx, {
        index,
        label,
        multiple: question?.multiSelect === true,
        checked: draft?.selected.includes(label) ?? false,
        focusable: state.activeOption === index,
        disabled: !editable,
      })
    },
    getCustomInputProps: () =>
      getCustomInputProps(ctx, {
        value: draft?.custom ?? '',
        disabled: !editable,
        label: inline ? messages.customLabel : messages.freeTextLabel,
        placeholder: inline ? messages.customPlaceholder : messages.freeTextPlaceholder,
      }),
    getSkipProps: () =>
      getButtonProps(ctx, 'skip', { disabled: !editable, event: { type: 'SKIP_QUESTION' } }),
    getSubmitProps: () =>
      getButtonProps(ctx, 'submit', {
        disabled: !editable,
        event: {
          type: action === 'retry' ? 'RETRY' : action === 'submit' ? 'SUBMIT' : 'CONTINUE',
        },
      }),
    getPreviousProps: () =>
      getButtonProps(ctx, 'previous', {
        label: messages.previous,
        disabled: !editable || state.index === 0,
        event: { type: 'GO_PREVIOUS' },
      }),
    getNextProps: () =>
      getButtonProps(ctx, 'next', {
        label: messages.nextQuestion,
        disabled: !editable || state.index >= total - 1,
        event: { type: 'GO_NEXT' },
      }),
    getMarkerProps: (index: number) => {
      const id = state.request.questions[index]?.id ?? ''
      const markerStatus = questionStatus(state, id)
      const statusLabel = {
        answered: messages.statusAnswered,
        skipped: messages.statusSkipped,
        open: messages.statusOpen,
      }[markerStatus]
      return getMarkerProps(ctx, {
        index,
        status: markerStatus,
        current: index === state.index,
        disabled: !editable,
        label: t('markerLabel', { index: index + 1, status: statusLabel }),
      })
    },
    getDismissProps: () =>
      getButtonProps(ctx, 'dismiss', {
        label: messages.dismiss,
        disabled: !editable,
        event: { type: 'REQUEST_CANCEL' },
      }),
    getConfirmCancelProps: () =>
      getButtonProps(ctx, 'confirm-cancel', { disabled: false, event: { type: 'CONFIRM_CANCEL' } }),
    getKeepAnsweringProps: () =>
      getButtonProps(ctx, 'keep-answering', { disabled: false, event: { type: 'KEEP_ANSWERING' } }),
    getStatusProps: () => getStatusProps(ctx, { tone: status.tone }),
  }
}

/**
 * Headless composer: creates the store for one request (one per component
 * instance), wires the transport, drafts and effects, and returns the state
 * with prop getters. Pass the result to `<Composer.Root composer={…}>` to use
 * the styled parts, or spread the getters on your own elements. Key the
 * calling component by `request.rpcId`.
 */
export function useQuestionComposer(options: QuestionComposerOptions): QuestionComposerApi {
  const context = useComposerController(options)
  const i18n = useMessagesValue(options.locale, options.messages)
  const state = useStore(context.store)
  return { context, i18n, ...connect(context, i18n, state) }
}
