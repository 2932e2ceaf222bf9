import { randomUUID } from 'node:crypto'
import { simulateReadableStream } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'

/** What the model is sent on each step (the provider-level prompt). */
export type Prompt = MockLanguageModelV3['doStreamCalls'][number]['prompt']
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P>
    ? P
    : never

/** The batch the scripted model asks: a single-select, a multi-select, a free-text question. */
export const PROJECT_QUESTIONS = {
  questions: [
    {
      id: 'db',
      header: 'Storage',
      question: 'Which database should the project use?',
      options: [
        { label: 'Postgres (Recommended)', description: 'Battle-tested, runs anywhere' },
        { label: 'SQLite', description: 'One file, no server' },
      ],
    },
    {
      id: 'features',
      question: 'Which features should it start with?',
      options: [{ label: 'Auth' }, { label: 'Billing' }, { label: 'Search' }],
      multi_select: true,
    },
    { id: 'name', question: 'What should the project be called?' },
  ],
}

/**
 * What a model sometimes sends instead: `multiSelect` in camel case (the tool
 * says `multi_select`) and no options to pick from. The page answers it with
 * INVALID_INPUT, and the model asks again with PROJECT_QUESTIONS.
 */
const BROKEN_QUESTIONS = {
  questions: [{ id: 'features', question: 'Which features?', multiSelect: true }],
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
}

function callTool(input: unknown, toolName = 'ask_user_question'): StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    {
      type: 'tool-call',
      toolCallId: `call_${randomUUID()}`,
      toolName,
      input: JSON.stringify(input),
    },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
  ]
}

function say(text: string): StreamPart[] {
  const words = text.split(/(?<= )/)
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 'reply' },
    ...words.map((delta): StreamPart => ({ type: 'text-delta', id: 'reply', delta })),
    { type: 'text-end', id: 'reply' },
    { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
  ]
}

/** The result of the last ask_user_question call, if the prompt ends with one. */
function lastToolResult(prompt: Prompt) {
  const last = prompt.at(-1)
  if (last?.role !== 'tool') return undefined
  for (const part of last.content) if (part.type === 'tool-result') return part.output
  return undefined
}

function lastUserText(prompt: Prompt): string {
  const last = prompt.at(-1)
  if (last?.role !== 'user') return ''
  return last.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
}

/** The scripted turn: what the model "decides" from what it was sent. */
function script(prompt: Prompt): StreamPart[] {
  const result = lastToolResult(prompt)
  const asked = lastUserText(prompt)
  // "clean" asks for clean_build, which waits for the person's approval.
  if (result === undefined && /clean/i.test(asked)) return callTool({ path: 'dist' }, 'clean_build')
  if (result === undefined)
    return callTool(/broken/i.test(asked) ? BROKEN_QUESTIONS : PROJECT_QUESTIONS)
  if (result.type === 'execution-denied')
    return say(`I did not clean it. You said: ${result.reason ?? 'no reason given'}`)
  if (result.type === 'error-text' && result.value.includes('(INVALID_INPUT)'))
    return callTool(PROJECT_QUESTIONS)
  if (result.type === 'error-text' && result.value.includes('(ASK_CANCELLED)'))
    return say('You dismissed the questions, so I will not set anything up.')
  if (result.type === 'text') return say(`Here is what I read:\n${result.value}`)
  return say(
    `I was sent ${result.type} instead of text; is convertToModelMessages given the tools?`,
  )
}

/**
 * The AI SDK's own mock model (`ai/test`), scripted: a user message makes it
 * call ask_user_question with three questions (or a broken batch when the
 * message says "broken"); a tool result makes it reply with what it read.
 * Every prompt it is sent goes to `onPrompt`.
 */
export function scriptedModel(onPrompt: (prompt: Prompt) => void): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: async ({ prompt }) => {
      onPrompt(prompt)
      return {
        stream: simulateReadableStream({
          chunks: script(prompt),
          initialDelayInMs: 20,
          chunkDelayInMs: 5,
        }),
      }
    },
  })
}
