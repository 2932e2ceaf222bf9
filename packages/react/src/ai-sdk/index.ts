'use client'
/**
 * `@parley/react/ai-sdk`: the composer as the UI of the Vercel AI SDK's
 * client-side `ask_user_question` tool, fed by `useChat` (needs the optional
 * peer `ai` and `@parley/tool`'s `askUserQuestionClientTool` on the server).
 */
export {
  type AskUserQuestionToolOutput,
  type ChatQuestions,
  type UseChatQuestionsOptions,
  useChatQuestions,
} from './use-chat-questions.ts'
