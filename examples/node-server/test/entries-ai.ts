// Type-checked (never run): the optional `ai` peer with `@parley/tool/ai-sdk`.
// `skipLibCheck` stays on here: ai's own declarations need the DOM lib and
// fail under exactOptionalPropertyTypes, which is ai's business, not ours.
import { createUserQuestionService } from '@parley/seam'
import { type AskUserQuestionAiToolOutput, askUserQuestionAiTool } from '@parley/tool/ai-sdk'
import type { Tool, ToolSet } from 'ai'

const service = createUserQuestionService()
const askUserQuestion: Tool = askUserQuestionAiTool(service, { sessionId: 'chat-1' })
export const tools: ToolSet = { ask_user_question: askUserQuestion }
export const output: AskUserQuestionAiToolOutput = { ok: true, answer: { answers: [] } }
