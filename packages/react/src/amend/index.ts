'use client'
/**
 * `@parley/react/amend`: changing an answer after it was sent. `AnsweredCard`
 * is the compact summary with "Change"; `SessionAnswers` shows a session's
 * changeable answers through the `QuestionClientProvider` of
 * `@parley/react/connection`.
 */
export {
  AnsweredCard,
  type AnsweredCardProps,
  type StandingAnswer,
} from './answered.tsx'
export { ANSWERED_MESSAGES, type AnsweredMessages } from './messages.ts'
export { SessionAnswers, type SessionAnswersProps } from './session-answers.tsx'
