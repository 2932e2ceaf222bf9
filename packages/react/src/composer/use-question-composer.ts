import {
  type ComposerApi,
  type ComposerEvent,
  type ComposerProgress,
  type ComposerState,
  canSubmit,
  isLastQuestion,
  type PartProps,
  selectProgress,
} from '@parley/machine'
import type { AskUserQuestionItem } from '@parley/seam'
import { useStore } from 'zustand'
import type { ComposerMessages } from '../locales/index.ts'
import {
  type QuestionComposerOptions,
  useComposerController,
  useMessagesValue,
} from './controller.ts'
import { dataOf, normalizeProps, type ReactPartProps } from './normalize-props.ts'
import type { ComposerHandle } from './root.tsx'

/** What `useQuestionComposer` returns: state, translations and prop getters. */
export interface QuestionComposerApi extends ComposerHandle {
  /** The full machine state. */
  state: ComposerState
  /** Sends an event to the machine. */
  send: (event: ComposerEvent) => void
  /** Strings of the current locale. */
  messages: ComposerMessages
  /** The machine's connect result for this state, framework-neutral. */
  api: ComposerApi
  /** The question on screen. */
  question: AskUserQuestionItem | undefined
  progress: ComposerProgress
  canSubmit: boolean
  isLastQuestion: boolean
  /** Editing and navigation are open. */
  editable: boolean
  /** Translated status-region text and tone. */
  status: ComposerApi['status']
  getRootProps(): ReactPartProps & { ref: (element: HTMLElement | null) => void }
  getTitleProps(): ReactPartProps
  getOptionsProps(): ReactPartProps
  getOptionProps(index: number): ReactPartProps
  /** The custom-answer textarea, controlled: `value` is the current draft's text. */
  getCustomInputProps(): ReactPartProps & { value: string }
  getSkipProps(): ReactPartProps
  /** The primary button; its label is `primaryLabel`. */
  getSubmitProps(): ReactPartProps
  primaryLabel: string
  getPreviousProps(): ReactPartProps
  getNextProps(): ReactPartProps
  getMarkerProps(index: number): ReactPartProps
  getDismissProps(): ReactPartProps
  getConfirmCancelProps(): ReactPartProps
  getKeepAnsweringProps(): ReactPartProps
  getStatusProps(): ReactPartProps
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
  const api = context.connect(state, i18n)
  const spread = (pick: (api: ComposerApi) => PartProps) =>
    normalizeProps(dataOf(pick(api)), () => pick(context.connect(context.store.getState(), i18n)))
  return {
    context,
    i18n,
    state,
    send: context.send,
    messages: i18n.messages,
    api,
    question: api.question,
    progress: selectProgress(state),
    canSubmit: canSubmit(state),
    isLastQuestion: isLastQuestion(state),
    editable: api.editable,
    status: api.status,
    primaryLabel: api.primaryLabel,
    getRootProps: () => ({
      ...spread((api) => api.getRootProps()),
      ref: (element: HTMLElement | null) => {
        context.rootRef.current = element
      },
    }),
    getTitleProps: () => spread((api) => api.getTitleProps()),
    getOptionsProps: () => spread((api) => api.getOptionsProps()),
    getOptionProps: (index) => spread((api) => api.getOptionProps(index)),
    getCustomInputProps: () => ({
      ...spread((api) => api.getCustomInputProps()),
      value: api.customText,
    }),
    getSkipProps: () => spread((api) => api.getSkipProps()),
    getSubmitProps: () => spread((api) => api.getSubmitProps()),
    getPreviousProps: () => spread((api) => api.getPreviousProps()),
    getNextProps: () => spread((api) => api.getNextProps()),
    getMarkerProps: (index) => spread((api) => api.getMarkerProps(index)),
    getDismissProps: () => spread((api) => api.getDismissProps()),
    getConfirmCancelProps: () => spread((api) => api.getConfirmCancelProps()),
    getKeepAnsweringProps: () => spread((api) => api.getKeepAnsweringProps()),
    getStatusProps: () => spread((api) => api.getStatusProps()),
  }
}
