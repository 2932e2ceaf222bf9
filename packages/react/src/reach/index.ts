'use client'
/**
 * `@parley/react/reach`: reaching the person while a question waits and
 * they are elsewhere — the count in the title and on the favicon,
 * notifications (after a visible prompt) that open the exact question, an
 * optional chime, deep links, and a reconnect when a suspended tab comes
 * back, and which other chats have questions waiting. Its own entry, so the composer does not grow.
 */
export { type AttentionBadgeOptions, useAttentionBadge } from './attention.ts'
export { playChime } from './chime.ts'
export { type KeyboardInsetOptions, keyboardInset, useKeyboardInset } from './keyboard.ts'
export { REACH_MESSAGES, type ReachMessages } from './messages.ts'
export { NotificationPrompt, type NotificationPromptProps } from './notification-prompt.tsx'
export { isPageAway, usePageAway } from './page-attention.ts'
export { QuestionLinkNotice, type QuestionLinkNoticeProps } from './question-link.tsx'
export { useAllQuestions, useQuestionArrivals } from './questions.ts'
export {
  type QuestionNotice,
  RETURN_RECONNECT_MS,
  type ReachOptions,
  useReachTheHuman,
} from './reach.ts'
export {
  useWaitingElsewhere,
  type WaitingElsewhere,
  type WaitingElsewhereOptions,
} from './waiting.ts'
