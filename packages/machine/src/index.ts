export {
  type AttributeValue,
  type ComposerIds,
  type ComposerLabels,
  composerIds,
  type PartHandlers,
  type PartProps,
  part,
  SCOPE,
} from './composer.anatomy.ts'
export { isEditable, type TransitionResult } from './composer.answering.ts'
export { createConnect, createShownStore, type ShownStore } from './composer.connect.memo.ts'
export type { OptionView } from './composer.connect.question.ts'
export type { ConnectScope } from './composer.connect.scope.ts'
export {
  type ComposerApi,
  type ConnectOptions,
  connect,
  eyebrowOf,
} from './composer.connect.ts'
export { type KeyIntentOptions, keyIntent } from './composer.keyboard.ts'
export {
  announcementText,
  type FormatLabel,
  failureText,
  feedbackText,
  markerLabel,
  type PrimaryAction,
  primaryAction,
  primaryLabel,
  type StatusTone,
  statusText,
} from './composer.labels.ts'
export {
  ASKED_TOGETHER_MS,
  queueOrder,
  type SoonerRequest,
  soonerInQueue,
} from './composer.queue.ts'
export {
  answerLines,
  type ComposerProgress,
  canSubmit,
  createStatusesSelector,
  type DraftLine,
  draftHasAnswer,
  draftLines,
  draftsAsText,
  firstInvalidIndex,
  firstOpenIndex,
  hasAnyAnswer,
  isAnswered,
  isCompleted,
  isFinished,
  isLastQuestion,
  type QuestionStatus,
  questionIssues,
  questionStatus,
  selectCurrentQuestion,
  selectCustomText,
  selectProgress,
  toAnswer,
} from './composer.selectors.ts'
export { type CreateComposerStateOptions, createComposerState } from './composer.state.ts'
export {
  type ComposerCallbacks,
  type ComposerStateReducer,
  type ComposerStore,
  type ComposerStoreOptions,
  createComposerStore,
} from './composer.store.ts'
export {
  type ToolbarIntent,
  type ToolbarKeyOptions,
  type ToolbarMove,
  toolbarKeyIntent,
  toolbarTarget,
} from './composer.toolbar.ts'
export { transition } from './composer.transition.ts'
export type {
  AnnounceMessage,
  ComposerAttempt,
  ComposerEffect,
  ComposerEnding,
  ComposerEvent,
  ComposerFeedback,
  ComposerOutcome,
  ComposerPhase,
  ComposerRequest,
  ComposerState,
  FeedbackKey,
  FocusTarget,
  KeyContext,
  QuestionDraft,
  RejectedIssue,
  TransportFailure,
} from './composer.types.ts'
export {
  type CompositionTracker,
  type CompositionTrackerOptions,
  createCompositionTracker,
  isCompositionKey,
  type KeyInput,
} from './composition.ts'
export {
  type RestoredDrafts,
  restoreDrafts,
  type SerializedDrafts,
  serializeDrafts,
} from './drafts.ts'
export {
  createEndingsState,
  type EndedCard,
  type EndingsEvent,
  type EndingsOptions,
  type EndingsState,
  endingsTransition,
  isSending,
} from './endings.store.ts'
export { type HostReport, ownEntry, type SendAttempt } from './endings.ts'
export { receiptEvent } from './receipt.ts'
export {
  TAKEOVER_POLL_MS,
  type TakeoverDecision,
  type TakeoverInput,
  takeoverDecision,
} from './takeover.ts'
