/**
 * `@parley/openai-agents`: the OpenAI Agents SDK's tool approvals and
 * questions answered in Parley's card, and a run that outlives its process.
 */
export {
  APPROVAL_QUESTION_ID,
  type ApprovalAction,
  type ApprovalCall,
  type ApprovalWords,
  type ApproveOptions,
  approvalCall,
  DEFAULT_APPROVAL_WORDS,
  type RejectOptions,
  rejectionMessage,
  toApprovalAction,
  toApprovalQuestion,
} from './approval.ts'
export { type AskUserQuestionToolOptions, askUserQuestionTool } from './ask-tool.ts'
export { type RunWithParleyOptions, runWithParley } from './run-with-parley.ts'
export { createMemoryRunStateStore, type RunStateStore } from './store.ts'
