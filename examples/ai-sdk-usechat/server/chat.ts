import { askUserQuestionClientTool } from '@parley/tool/ai-sdk'
import {
  convertToModelMessages,
  type InferUITools,
  safeValidateUIMessages,
  streamText,
  tool,
  type UIDataTypes,
  type UIMessage,
} from 'ai'
import { z } from 'zod'
import { type Prompt, scriptedModel } from './model.js'

/**
 * The tools this chat offers the model: ask_user_question, answered in the
 * browser, and clean_build, which runs here only once the person approves it
 * (`needsApproval`: the page shows an approval card).
 */
export const tools = {
  ask_user_question: askUserQuestionClientTool(),
  clean_build: tool({
    description: 'Deletes a build folder',
    inputSchema: z.object({ path: z.string() }),
    outputSchema: z.string(),
    needsApproval: true,
    execute: async ({ path }) => `Removed ${path}.`,
  }),
}

/** The chat's messages, typed by its tools (the page uses the same type). */
export type ChatMessage = UIMessage<unknown, UIDataTypes, InferUITools<typeof tools>>

/** Every prompt the model was sent, per chat id: what the test reads. */
const prompts = new Map<string, Prompt[]>()

/** The prompts sent for `chatId`, oldest first. */
export function promptsOf(chatId: string): Prompt[] {
  return prompts.get(chatId) ?? []
}

function chatIdOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('id' in body)) return null
  return typeof body.id === 'string' && body.id.length > 0 ? body.id : null
}

/**
 * `POST /api/chat`, the route `useChat` posts to (`{ id, messages, … }`). The
 * messages come from the browser, so they are validated against the tools
 * first; then they are converted **with the tools**, so each answer reaches
 * the model as `toModelOutput`'s text (formatToolResult) and not as raw JSON.
 * The same handler works as a Next.js route (`export const POST = chat`).
 */
export async function chat(request: Request): Promise<Response> {
  const body: unknown = await request.json().catch(() => null)
  const chatId = chatIdOf(body)
  const messages = typeof body === 'object' && body !== null ? Reflect.get(body, 'messages') : null
  const validated = await safeValidateUIMessages<ChatMessage>({ messages, tools })
  if (chatId === null || !validated.success)
    return Response.json({ error: 'Expected { id, messages } of this chat.' }, { status: 400 })

  const model = scriptedModel((prompt) => prompts.set(chatId, [...promptsOf(chatId), prompt]))
  const result = streamText({
    model,
    system: 'Ask the user with ask_user_question before you set up a project.',
    messages: await convertToModelMessages(validated.data, { tools }),
    tools,
    abortSignal: request.signal,
  })
  return result.toUIMessageStreamResponse({ originalMessages: validated.data })
}
