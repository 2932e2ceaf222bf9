import { askerChain } from '@parley/seam'
import { type ComposerLabels, composerIds, part } from './composer.anatomy.ts'
import { isEditable } from './composer.answering.ts'
import { questionParts } from './composer.connect.question.ts'
import type { ConnectScope } from './composer.connect.scope.ts'
import { keyIntent } from './composer.keyboard.ts'
import {
  announcementText,
  type FormatLabel,
  keyHintText,
  markerLabel,
  primaryAction,
  primaryLabel,
  statusText,
} from './composer.labels.ts'
import {
  isAnswered,
  type QuestionStatus,
  questionIssues,
  questionStatus,
  selectCurrentQuestion,
} from './composer.selectors.ts'
import type {
  AnnounceMessage,
  ComposerEvent,
  ComposerRequest,
  ComposerState,
  KeyContext,
} from './composer.types.ts'
import type { CompositionTracker, KeyInput } from './composition.ts'

/** Options of {@link connect}. */
export interface ConnectOptions {
  /** Base of every element id; the same for the composer's life (React's `useId()`). */
  id: string
  /** The current locale's strings. */
  messages: ComposerLabels
  /** Fills `{name}` placeholders of the templates in `messages`. */
  format: FormatLabel
  /** The IME tracker the custom answer feeds and the keyboard map asks. */
  composition?: CompositionTracker | undefined
  /**
   * Every question's status in order. Pass a memoised one
   * (`createStatusesSelector()`) when markers are read often.
   * @default computed per marker
   */
  statuses?: ((state: ComposerState) => readonly QuestionStatus[]) | undefined
  /**
   * Asked at each keydown: is the user on a touch keyboard? Enter in the
   * custom field is then a newline, and the key hint says to use the buttons.
   * @default never
   */
  touch?: (() => boolean) | undefined
}

function button(
  scope: ConnectScope,
  name: string,
  disabled: boolean,
  event: ComposerEvent,
  label?: string,
) {
  return {
    ...part(name),
    type: 'button',
    'aria-label': label,
    // aria-disabled, not disabled: a focused control that turns busy keeps focus.
    'aria-disabled': disabled || undefined,
    onClick: () => {
      if (!disabled) scope.send(event)
    },
  }
}

/** The eyebrow's text: who asks, then the question's header; `undefined` when neither is known. */
export function eyebrowOf(
  request: Pick<ComposerRequest, 'asker'>,
  header: string | undefined,
): string | undefined {
  const asker = request.asker ? askerChain(request.asker) : undefined
  return asker && header ? `${asker} · ${header}` : (asker ?? header)
}

const PRIMARY_EVENT = { retry: 'RETRY', submit: 'SUBMIT', next: 'CONTINUE' } as const

/**
 * The composer's view of `state`: for each part of the anatomy its attributes
 * (anatomy, ARIA, ids, `data-state`) and framework-neutral handlers that
 * `send` events, plus the texts to show. Pure and free of any DOM or
 * framework type: a renderer spreads the getters' results on its elements
 * through its own small adapter.
 */
export function connect(
  state: ComposerState,
  send: (event: ComposerEvent) => void,
  options: ConnectOptions,
) {
  const { messages: labels, format } = options
  const question = selectCurrentQuestion(state)
  const scope: ConnectScope = {
    state,
    send,
    ids: composerIds(options.id),
    labels,
    format,
    question,
    draft: question ? state.drafts[question.id] : undefined,
    editable: isEditable(state),
    composition: options.composition,
  }
  const { ids, editable } = scope
  const total = state.request.questions.length
  const action = primaryAction(state)
  const submitting = state.phase === 'submitting'
  const status = statusText(labels, format, state)
  const invalidHere = questionIssues(state, state.index).length > 0
  // Next waits on a required question until it is answered (it cannot be skipped either).
  const onScreen = state.request.questions[state.index]
  const owedHere =
    action === 'next' && onScreen?.required === true && !isAnswered(state, onScreen.id)
  const markerStatus = (index: number): QuestionStatus =>
    options.statuses?.(state)[index] ??
    questionStatus(state, state.request.questions[index]?.id ?? '')

  const markerProps = (index: number) => {
    const status = markerStatus(index)
    return {
      ...button(
        scope,
        'marker',
        !editable,
        { type: 'GO_TO_QUESTION', index },
        markerLabel(labels, format, index, status),
      ),
      'data-state': status,
      'aria-current': index === state.index ? 'step' : undefined,
    }
  }

  return {
    state,
    send,
    ids,
    /** The strings of the current locale, for the texts that do not depend on state. */
    labels,
    /** The question on screen. */
    question,
    /** Editing and navigation are open. */
    editable,
    /** The card is collapsed. */
    minimized: state.minimized,
    /** The cancel confirmation is open. */
    confirming: state.confirmingCancel,
    /** How the card ended without this tab's accepted answer (`null` while it has not). */
    ending: state.ending,
    /** Number of questions (one marker each). */
    total,
    /** Who asks and the question's `header` ("Planner › Test writer · Tests"), either alone, or the default eyebrow. */
    eyebrow: eyebrowOf(state.request, question?.header) ?? labels.eyebrow,
    /** Status-region text and tone. */
    status,
    /** The primary button's label. */
    primaryLabel: primaryLabel(labels, state),
    /** What Enter does in the custom field, in words (touch: use the buttons). */
    keyHint: keyHintText(labels, state, options.touch?.() ?? false),
    /** "2 / 5" between the pager buttons. */
    pagerText: format(labels.pagerPosition, { index: state.index + 1, total }),
    /** "Request 1 of 3", when more requests wait. */
    requestPosition: (position: number, count: number) =>
      format(labels.requestPosition, { index: position, total: count }),
    /** The live region's text for an announce effect. */
    announcement: (message: AnnounceMessage | undefined) =>
      announcementText(labels, format, message),
    getRootProps: () => ({
      ...part('root'),
      id: ids.root,
      lang: labels.lang,
      'aria-label': state.request.asker
        ? format(labels.regionLabelFrom, { asker: askerChain(state.request.asker) })
        : labels.regionLabel,
      'data-state': state.phase,
      'data-minimized': state.minimized || undefined,
      /** The keyboard map, for keys pressed anywhere inside. */
      onKeyDown: (key: KeyInput, where: KeyContext) => {
        const intent = keyIntent(key, where, state, {
          ...(options.composition && { composition: options.composition }),
          // Only Enter reads it: the other keys (every letter typed) skip the question.
          touch: key.key === 'Enter' && (options.touch?.() ?? false),
        })
        if (intent) send(intent)
        return intent !== null
      },
    }),
    getEyebrowProps: () => ({ ...part('eyebrow'), dir: 'auto' }),
    getSummaryProps: () => ({ ...part('summary'), dir: 'auto' }),
    getMinimizeProps: () => ({
      ...button(
        scope,
        'minimize',
        false,
        { type: state.minimized ? 'EXPAND' : 'MINIMIZE' },
        state.minimized ? labels.expand : labels.minimize,
      ),
      'aria-expanded': !state.minimized,
      'aria-controls': ids.body,
    }),
    getDismissProps: () =>
      button(scope, 'dismiss', !editable, { type: 'REQUEST_CANCEL' }, labels.dismiss),
    getConfirmPromptProps: () => ({ id: ids.confirmPrompt }),
    getKeepAnsweringProps: () => ({
      ...button(scope, 'keep-answering', false, { type: 'KEEP_ANSWERING' }),
      'aria-describedby': ids.confirmPrompt,
    }),
    getConfirmCancelProps: () => button(scope, 'confirm-cancel', false, { type: 'CONFIRM_CANCEL' }),
    /** The collapsible body: hidden, not removed, while minimized. */
    getBodyProps: () => ({ ...part('body'), id: ids.body, hidden: state.minimized }),
    ...questionParts(scope),
    getPreviousProps: () =>
      button(
        scope,
        'previous',
        !editable || state.index === 0,
        { type: 'GO_PREVIOUS' },
        labels.previous,
      ),
    getNextProps: () =>
      button(
        scope,
        'next',
        !editable || state.index >= total - 1,
        { type: 'GO_NEXT' },
        labels.nextQuestion,
      ),
    /**
     * The footer's question navigation (previous, the markers, next): one
     * toolbar, one Tab stop (`toolbarKeyIntent` is its keyboard map). Plain
     * when there is a single question (no pager, no markers).
     */
    getNavigationProps: () => ({
      ...part('navigation'),
      role: total > 1 ? 'toolbar' : undefined,
      'aria-label': total > 1 ? labels.navigationLabel : undefined,
    }),
    getProgressProps: () => ({ ...part('progress'), 'aria-label': labels.progressLabel }),
    /** A marker per question (answered / skipped / open) that jumps to it. */
    getMarkerProps: markerProps,
    /** Every question's marker, in order. */
    getMarkersProps: () => state.request.questions.map((_, index) => markerProps(index)),
    /** Skip: off on a `required` question. */
    getSkipProps: () =>
      button(scope, 'skip', !editable || question?.required === true, { type: 'SKIP_QUESTION' }),
    /** The primary button: Next (off on a required question not answered yet), Submit or Try again. */
    getSubmitProps: () => ({
      // Next and Submit wait while the answer on screen breaks its constraints.
      ...button(scope, 'submit', !editable || owedHere || (action !== 'retry' && invalidHere), {
        type: PRIMARY_EVENT[action],
      }),
      'aria-describedby': invalidHere ? ids.status : undefined,
      'data-state': submitting ? 'busy' : action,
      'aria-busy': submitting || undefined,
    }),
    /** `role="status"`: feedback, transport errors, "sent" and the outcome. */
    getStatusProps: () => ({
      ...part('status'),
      id: ids.status,
      role: 'status',
      'data-state': status.tone,
    }),
    /** Polite live region for the question position. */
    getAnnouncerProps: () => ({ ...part('announcer'), 'aria-live': 'polite', 'aria-atomic': true }),
  }
}

/** The result of {@link connect}: what a renderer reads and spreads. */
export type ComposerApi = ReturnType<typeof connect>
