'use client'
/**
 * `@parley/react/ai-sdk`: the composer as the UI of the Vercel AI SDK's
 * client-side `ask_user_question` tool and its tool approvals, fed by `useChat` (needs the optional
 * peer `ai` and `@parley/tool`'s `askUserQuestionClientTool` on the server).
 */
export {
  type ChatApprovalWords,
  DEFAULT_CHAT_APPROVAL_WORDS,
  type ToolApprovalResponse,
} from './chat-approvals.ts'
export {
  type AskUserQuestionToolOutput,
  type ChatQuestions,
  type UseChatQuestionsOptions,
  useChatQuestions,
} from './use-chat-questions.ts'
