import { createOpenAI } from '@ai-sdk/openai'
import type { TranscriptEvent } from '@parley/demo-chat'
import type { UserQuestionService } from '@parley/seam'
import { askUserQuestionAiTool } from '@parley/tool/ai-sdk'
import { generateText, type LanguageModel, type ModelMessage, stepCountIs } from 'ai'

const SYSTEM = `You are a careful coding assistant in a chat app. When you cannot continue safely on your own — you need the user to pick a path, confirm a risky default, or supply a missing fact — call ask_user_question instead of guessing or asking in plain text. Batch related questions into one call. After the tool returns, continue using the answers; a cancelled question is not consent.`

/** Settings for a real model (read from the environment by main.ts), or a ready model. */
export type ModelSettings =
  | { apiKey: string; baseURL?: string | undefined; model: string }
  | { languageModel: LanguageModel }

/**
 * One agent turn driven by a real model through the Vercel AI SDK adapter of
 * `@parley/tool`. `service` is the seam (wrapped so the transcript sees each
 * tool call); the reply goes to `say`.
 */
export function createModelTurn(settings: ModelSettings) {
  const model =
    'languageModel' in settings
      ? settings.languageModel
      : createOpenAI({
          apiKey: settings.apiKey,
          ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
        }).chat(settings.model)
  return async function modelTurn(
    session: { id: string; events: readonly TranscriptEvent[] },
    signal: AbortSignal,
    service: UserQuestionService,
    say: (text: string) => void,
  ): Promise<void> {
    const messages: ModelMessage[] = session.events.flatMap((event): ModelMessage[] =>
      event.kind === 'message'
        ? [{ role: event.role === 'user' ? 'user' : 'assistant', content: event.text }]
        : [],
    )
    try {
      const result = await generateText({
        model,
        system: SYSTEM,
        messages,
        tools: { ask_user_question: askUserQuestionAiTool(service, { sessionId: session.id }) },
        stopWhen: stepCountIs(6),
        abortSignal: signal,
      })
      say(result.text.trim() || 'Done.')
    } catch (error) {
      if (signal.aborted) return say('I was interrupted, so I stopped.')
      say(`The model call failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}
