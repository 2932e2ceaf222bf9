import { assertNever } from './assert-never.ts'
import {
  chooseOption,
  confirmAnswer,
  confirmOption,
  continueOn,
  goTo,
  hasEditableQuestion,
  isEditable,
  moveOptionFocus,
  setCustomText,
  skipQuestion,
  submit,
  type TransitionResult,
  toggleOption,
  unchanged,
  withFeedback,
} from './composer.answering.ts'
import { hasAnyAnswer } from './composer.selectors.ts'
import { createComposerState, optionLabels } from './composer.state.ts'
import type {
  ComposerEnding,
  ComposerEvent,
  ComposerFeedback,
  ComposerOutcome,
  ComposerRequest,
  ComposerState,
  RejectedIssue,
  TransportFailure,
} from './composer.types.ts'
import { serializeDrafts } from './drafts.ts'
import { outcomeOfEnding } from './endings.ts'

export type { TransitionResult } from './composer.answering.ts'

function cancel(state: ComposerState): TransitionResult {
  const next: ComposerState = {
    ...state,
    phase: 'cancelling',
    attempt: 'cancel',
    feedback: null,
    confirmingCancel: false,
  }
  return [next, [{ type: 'cancel', rpcId: state.rpcId }]]
}

function requestCancel(state: ComposerState): TransitionResult {
  if (!isEditable(state)) return unchanged(state)
  if (hasAnyAnswer(state)) return [{ ...state, confirmingCancel: true }, []]
  return cancel(state)
}

function settle(state: ComposerState, outcome: ComposerOutcome): TransitionResult {
  if (state.phase === 'settled' && state.outcome === outcome) return unchanged(state)
  const next: ComposerState = { ...state, phase: 'settled', outcome, confirmingCancel: false }
  return [next, [{ type: 'announce', message: { key: 'settled', outcome } }]]
}

/** The card ended without this tab's accepted answer: settled, and it keeps how. */
function end(state: ComposerState, ending: ComposerEnding): TransitionResult {
  if (state.ending === ending) return unchanged(state)
  const [settled, effects] = settle(state, outcomeOfEnding(ending))
  return [{ ...settled, ending }, effects]
}

function receiptAccepted(state: ComposerState): TransitionResult {
  if (state.phase === 'submitting')
    return [
      { ...state, phase: 'awaiting-resolution', feedback: null },
      [{ type: 'announce', message: { key: 'sent' } }],
    ]
  // A cancel needs no broadcast to close the card: the host accepted the dismissal.
  if (state.phase === 'cancelling') return settle({ ...state, feedback: null }, 'cancelled')
  return unchanged(state)
}

function receiptRejected(
  state: ComposerState,
  reason: 'bad-response' | 'not-pending',
  issues: readonly RejectedIssue[] | undefined,
): TransitionResult {
  if (state.phase !== 'submitting' && state.phase !== 'cancelling') return unchanged(state)
  if (reason === 'bad-response') {
    const feedback: ComposerFeedback = {
      kind: 'message',
      key: 'rejected',
      ...(issues && issues.length > 0 && { issues }),
    }
    // Show the first question the host named, so its reason is read where it applies.
    const named = issues?.find((issue) => issue.questionId !== undefined)?.questionId
    const at = state.request.questions.findIndex((question) => question.id === named)
    return withFeedback(
      { ...state, phase: 'failed' },
      feedback,
      at >= 0 && at !== state.index ? at : undefined,
    )
  }
  const settled: ComposerState = {
    ...state,
    phase: 'settled',
    outcome: state.phase === 'cancelling' ? 'cancelled' : 'aborted',
    confirmingCancel: false,
  }
  return withFeedback(settled, { kind: 'message', key: 'not-pending' })
}

function transportFailed(
  state: ComposerState,
  text: string,
  failure: TransportFailure | undefined,
): TransitionResult {
  if (state.phase !== 'submitting' && state.phase !== 'cancelling') return unchanged(state)
  const feedback = failure
    ? ({ kind: 'text', text, failure } as const)
    : ({ kind: 'text', text } as const)
  return withFeedback({ ...state, phase: 'failed' }, feedback)
}

function retry(state: ComposerState): TransitionResult {
  if (state.phase !== 'failed' || state.confirmingCancel) return unchanged(state)
  if (state.attempt === 'submit') return submit(state)
  if (state.attempt === 'cancel') return cancel(state)
  return unchanged(state)
}

function replay(state: ComposerState, request: ComposerRequest): TransitionResult {
  if (request.rpcId !== state.rpcId) {
    const fresh = createComposerState(request)
    const total = request.questions.length
    return [
      fresh,
      [
        { type: 'focus', target: { part: 'heading' } },
        { type: 'announce', message: { key: 'question-position', index: 0, total } },
      ],
    ]
  }
  if (request === state.request) return unchanged(state)
  // Same request again (e.g. after a reconnect): drafts, index and phase are kept,
  // revalidated against the replayed questions.
  const revalidated = createComposerState(request, {
    drafts: serializeDrafts(state),
    minimized: state.minimized,
  })
  const count = optionLabels(request.questions[revalidated.index]).length
  return [
    {
      ...state,
      request,
      drafts: revalidated.drafts,
      index: revalidated.index,
      activeOption: state.activeOption < count ? state.activeOption : 0,
    },
    [],
  ]
}

/**
 * The composer's pure transition: the next state and the effects to run.
 * Never performs I/O. Events that do not apply in the current phase return the
 * same state object and no effects.
 */
export function transition(state: ComposerState, event: ComposerEvent): TransitionResult {
  switch (event.type) {
    case 'CHOOSE_OPTION':
      return chooseOption(state, event.label)
    case 'TOGGLE_OPTION':
      return toggleOption(state, event.label)
    case 'CHOOSE_OPTION_AT': {
      const label = optionLabels(state.request.questions[state.index])[event.index]
      return label === undefined ? unchanged(state) : chooseOption(state, label)
    }
    case 'MOVE_OPTION_FOCUS':
      return moveOptionFocus(state, event.to)
    case 'SET_CUSTOM_TEXT':
      return setCustomText(state, event.text)
    case 'SKIP_QUESTION':
      return skipQuestion(state)
    case 'GO_NEXT':
      return goTo(state, state.index + 1)
    case 'GO_PREVIOUS':
      return goTo(state, state.index - 1)
    case 'GO_TO_QUESTION':
      return goTo(state, event.index)
    case 'CONTINUE':
      return continueOn(state)
    case 'CONFIRM_ANSWER':
      return confirmAnswer(state)
    case 'CONFIRM_OPTION':
      return confirmOption(state)
    case 'SUBMIT':
      return hasEditableQuestion(state) ? submit(state) : unchanged(state)
    case 'REQUEST_CANCEL':
      return requestCancel(state)
    case 'CONFIRM_CANCEL':
      return state.confirmingCancel && isEditablePhase(state) ? cancel(state) : unchanged(state)
    case 'KEEP_ANSWERING':
      return state.confirmingCancel ? [{ ...state, confirmingCancel: false }, []] : unchanged(state)
    case 'RETRY':
      return retry(state)
    case 'RECEIPT_ACCEPTED':
      return receiptAccepted(state)
    case 'RECEIPT_REJECTED':
      return receiptRejected(state, event.reason, event.issues)
    case 'TRANSPORT_FAILED':
      return transportFailed(state, event.message, event.failure)
    case 'REQUEST_RESOLVED':
      return settle(state, event.outcome)
    case 'REQUEST_ENDED':
      return end(state, event.ending)
    case 'MINIMIZE':
      return state.minimized ? unchanged(state) : [{ ...state, minimized: true }, []]
    case 'EXPAND':
      return state.minimized ? [{ ...state, minimized: false }, []] : unchanged(state)
    case 'REPLAY_REQUEST':
      return replay(state, event.request)
    default:
      return assertNever(event)
  }
}

function isEditablePhase(state: ComposerState): boolean {
  return state.phase === 'answering' || state.phase === 'failed'
}
