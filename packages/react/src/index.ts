'use client'
/**
 * `@parley/react`: the question composer, its parts, the composer slot, the
 * plan-review card and the locales. The connection hooks that need
 * `@tanstack/react-query` are in `@parley/react/connection`.
 */
export type {
  ComposerEnding,
  ComposerOutcome,
  ComposerRequest,
  ComposerState,
  ComposerStateReducer,
} from '@parley/machine'
export { ComposerSlot, type ComposerSlotProps } from './composer/composer-slot.tsx'
export type { ComposerSendResult, QuestionComposerOptions } from './composer/controller.ts'
export {
  Announcer,
  Body,
  Footer,
  Pager,
  Progress,
  Skip,
  Status,
  Submit,
} from './composer/footer.tsx'
export {
  type ComposerHeaderProps,
  Dismiss,
  DismissConfirm,
  Header,
  Minimize,
} from './composer/header.tsx'
export { Navigation } from './composer/navigation.tsx'
/** The composer's parts, for a layout of your own: `<Composer.Root>`, `<Composer.Options>`… */
export * as Composer from './composer/parts.ts'
export { isPlanReview } from './composer/plan-review.tsx'
export { preloadMarkdown } from './composer/preload.ts'
export { CustomAnswer, Detail, Option, Options, Question, Title } from './composer/question.tsx'
export {
  type ComposerCardInfo,
  PlanReviewCard,
  QuestionComposer,
  type QuestionComposerProps,
} from './composer/question-composer.tsx'
export { type ComposerHandle, type ComposerRootProps, Root } from './composer/root.tsx'
export type { DraftStorage } from './composer/storage.ts'
export {
  type QuestionComposerApi,
  useQuestionComposer,
} from './composer/use-question-composer.ts'
export {
  type ComposerLocale,
  type ComposerMessages,
  loadComposerLocale,
} from './locales/index.ts'
export { displayText } from './text/display-text.ts'
