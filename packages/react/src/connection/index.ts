export {
  QuestionClientProvider,
  type QuestionClientProviderProps,
  useQuestionClient,
} from './client-context.tsx'
export {
  type CancelVariables,
  type RespondVariables,
  useCancel,
  useConnectionStatus,
  useRespond,
  useSessionQuestions,
  useSessionResolutions,
} from './hooks.ts'
export { SessionComposerSlot, type SessionComposerSlotProps } from './session-slot.tsx'
