import { askUserQuestionClientTool } from '@parley/tool/ai-sdk'
import {
  type InferUITools,
  safeValidateUIMessages,
  tool,
  type UIDataTypes,
  type UIMessage,
} from 'ai'
import { z } from 'zod'

/** The chat's tools as the page validates stored messages (clean_build runs on the server). */
const tools = {
  ask_user_question: askUserQuestionClientTool(),
  clean_build: tool({ inputSchema: z.object({ path: z.string() }), outputSchema: z.string() }),
}

/** The chat's messages, typed by its tools. */
export type ChatMessage = UIMessage<unknown, UIDataTypes, InferUITools<typeof tools>>

/** A conversation as this page keeps it in localStorage. */
export interface StoredChat {
  id: string
  messages: ChatMessage[]
}

const KEY = 'parley-example:chat'

function freshChat(): StoredChat {
  return { id: crypto.randomUUID(), messages: [] }
}

/**
 * The persisted chat, or a fresh one. What comes out of storage is outside
 * data: the messages are validated against the tool (its input and its
 * answer schema) before useChat sees them.
 */
export async function loadChat(): Promise<StoredChat> {
  let stored: unknown
  try {
    stored = JSON.parse(localStorage.getItem(KEY) ?? 'null')
  } catch {
    return freshChat()
  }
  if (typeof stored !== 'object' || stored === null) return freshChat()
  const id: unknown = Reflect.get(stored, 'id')
  const messages: unknown = Reflect.get(stored, 'messages')
  if (typeof id !== 'string' || !Array.isArray(messages)) return freshChat()
  if (messages.length === 0) return { id, messages: [] }
  const validated = await safeValidateUIMessages<ChatMessage>({ messages, tools })
  return validated.success ? { id, messages: validated.data } : freshChat()
}

/** Persists the chat after every change, so a reload finds it (and its open questions). */
export function saveChat(chat: StoredChat): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(chat))
  } catch {
    // Storage full or blocked: the chat still works, it just won't survive a reload.
  }
}

/** Forgets the chat: the next load starts a new one. */
export function clearChat(): void {
  localStorage.removeItem(KEY)
}
