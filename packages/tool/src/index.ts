export { ASK_USER_QUESTION_DESCRIPTION } from './description.ts'
export { ToolInputError, type ToolInputIssue } from './errors.ts'
export {
  type FormatToolResultOptions,
  formatAmendment,
  formatToolResult,
  type QuestionLabel,
} from './format.ts'
export {
  type AskUserQuestionToolInput,
  AskUserQuestionToolInputSchema,
  askUserQuestionInputJsonSchema,
  ToolOptionSchema,
  ToolQuestionSchema,
} from './input-schema.ts'
export {
  ASK_USER_QUESTION_TOOL_NAME,
  type AskUserQuestionTool,
  type AskUserQuestionToolContext,
  type AskUserQuestionToolOptions,
  createAskUserQuestionTool,
  parseToolInput,
  toQuestionItems,
} from './tool.ts'
