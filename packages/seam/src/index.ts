export { type AskUserQuestionAmendment, changedAnswers } from './amendment.ts'
export type { IssueLimit } from './answer-body.ts'
export {
  type ApprovalDecision,
  type ApprovalDecisionKind,
  type ApprovalIntent,
  approvalDecision,
  approvalOf,
  decisionKindOf,
} from './approval.ts'
export { editedInput, isApprovalEdit } from './approval-edit.ts'
export { ASKER_SEPARATOR, askerChain, isSubagentAsker } from './asker.ts'
export {
  isUserQuestionError,
  ParleyError,
  USER_QUESTION_ERROR_CODES,
  UserQuestionError,
  type UserQuestionErrorCode,
} from './errors.ts'
export { describeIssue, issuePath, shapeIssues } from './issues.ts'
export { loadPatternEngine } from './pattern.ts'
export { parseRecommendedLabel, type RecommendedLabel } from './recommended.ts'
export {
  type AskUserQuestionRequestData,
  AskUserQuestionRequestDataSchema,
} from './request-data-schema.ts'
export {
  type AskUserQuestionAnswer,
  type AskUserQuestionAnswerItem,
  AskUserQuestionAnswerItemSchema,
  AskUserQuestionAnswerSchema,
  type AskUserQuestionAsker,
  AskUserQuestionAskerSchema,
  type AskUserQuestionInput,
  AskUserQuestionInputSchema,
  type AskUserQuestionIntent,
  AskUserQuestionIntentSchema,
  type AskUserQuestionItem,
  AskUserQuestionItemSchema,
  type AskUserQuestionOption,
  AskUserQuestionOptionSchema,
  MAX_ASKER_NAME_LENGTH,
  MAX_ASKER_PARENTS,
  MAX_ASKER_REASON_LENGTH,
  MAX_OPTION_PREVIEW_BYTES,
  MAX_PATTERN_LENGTH,
} from './schemas.ts'
export {
  type CallerVerdict,
  createUserQuestionService,
  type UserQuestionService,
  type UserQuestionServiceOptions,
} from './service.ts'
export { isBlankText } from './text.ts'
export type {
  AnswerValidation,
  AskDeadlineChange,
  AskUserQuestionRequest,
  RequestValidation,
  UserQuestionProvider,
  ValidationIssue,
} from './types.ts'
export { checkAnswerItem, checkAnswerRules, validateAnswer } from './validate-answer.ts'
export { validateRequest } from './validate-request.ts'
