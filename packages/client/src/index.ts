export { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffDelay } from './backoff.ts'
export {
  createQuestionClient,
  type FrameError,
  type QuestionClient,
  type QuestionClientOptions,
} from './client.ts'
export type { ClientTimers, WebSocketConstructor, WebSocketLike } from './connection.ts'
export { QuestionClientError, type QuestionClientErrorCode } from './errors.ts'
export type { FetchLike } from './respond.ts'
export {
  type ClientQuestion,
  type ConnectionStatus,
  NO_QUESTIONS,
  type QuestionClientState,
  type RequestStatus,
  type SessionQuestions,
  selectConnectionStatus,
  selectSessionQuestions,
} from './session-store.ts'
