export { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffDelay } from './backoff.ts'
export { createQuestionClient } from './client.ts'
export type {
  FrameError,
  QuestionClient,
  QuestionClientOptions,
  QuestionTransport,
} from './client.types.ts'
export type { ClientTimers, WebSocketConstructor, WebSocketLike } from './connection.ts'
export { QuestionClientError, type QuestionClientErrorCode } from './errors.ts'
export type { ConnectionProblem, ConnectionReason } from './probe.ts'
export {
  type ClientQuestion,
  NO_ENDED_BECAUSE,
  NO_ENDED_BY,
  NO_ENDED_WITH,
  NO_QUESTIONS,
  NO_RESOLUTIONS,
  type QuestionEndedBecause,
  RESOLUTION_LIMIT,
  type SessionEndedBecause,
  type SessionEndedBy,
  type SessionEndedWith,
  type SessionQuestions,
  type SessionResolutions,
  TOMBSTONE_LIMIT,
} from './request-queue.ts'
export type { FetchLike } from './respond.ts'
export {
  ANSWER_LIMIT,
  type ClientAnswer,
  type ConnectionStatus,
  type QuestionClientState,
  selectAnswers,
  selectConnectionProblem,
  selectConnectionStatus,
  selectSessionEndedBecause,
  selectSessionEndedBy,
  selectSessionEndedWith,
  selectSessionQuestions,
  selectSessionResolutions,
} from './session-store.ts'
export type { EventSourceConstructor, EventSourceLike } from './transport-sse.ts'
