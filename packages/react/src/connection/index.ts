'use client'
/**
 * `@parley/react/connection`: the hooks and the session slot that wire the
 * composer to a `@parley/client` (needs the optional peer `@tanstack/react-query`).
 */
export {
  QuestionClientProvider,
  type QuestionClientProviderProps,
  useQuestionClient,
} from './client-context.tsx'
export { ConnectionBanner, type ConnectionBannerProps } from './connection-banner.tsx'
export {
  DeadlineCountdown,
  type DeadlineCountdownProps,
  type DeadlineMessages,
} from './deadline-countdown.tsx'
export {
  type CancelVariables,
  type RespondVariables,
  useCancel,
  useConnectionProblem,
  useConnectionStatus,
  useRespond,
  useSessionEndedBy,
  useSessionEndedWith,
  useSessionQuestions,
  useSessionResolutions,
} from './hooks.ts'
export { SessionComposerSlot, type SessionComposerSlotProps } from './session-slot.tsx'
