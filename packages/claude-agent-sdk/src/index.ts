/**
 * `@parley/claude-agent-sdk`: the Claude Agent SDK's `canUseTool` answered in
 * Parley's question card: AskUserQuestion as questions, every other tool's
 * permission request as an approval card.
 */
export type { ClaudeAnnotation, ClaudeAnswers } from './ask-user-question.ts'
export {
  type CanUseToolContext,
  type ClaudeCallProvenance,
  type CreateCanUseToolOptions,
  createCanUseTool,
} from './can-use-tool.ts'
export { type ApprovalWords, DEFAULT_APPROVAL_WORDS } from './permission.ts'
export { describeSuggestion } from './suggestions.ts'
