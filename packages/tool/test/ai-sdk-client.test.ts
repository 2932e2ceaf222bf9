import { type AskUserQuestionAnswer, UserQuestionError } from '@parley/seam'
import {
  convertToModelMessages,
  generateText,
  type InferUITools,
  safeValidateUIMessages,
  type UIMessage,
  type UIMessagePart,
} from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import {
  askUserQuestionAiTool,
  askUserQuestionClientTool,
  readAskUserQuestionCall,
} from '../src/ai-sdk.ts'
import { ASK_USER_QUESTION_DESCRIPTION, formatToolResult } from '../src/index.ts'
import { modelInput, serviceAnswering, skipAll } from './helpers.ts'

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
}

const tools = { ask_user_question: askUserQuestionClientTool() }
type ChatMessage = UIMessage<unknown, never, InferUITools<typeof tools>>
type ChatPart = UIMessagePart<never, InferUITools<typeof tools>>

const answer: AskUserQuestionAnswer = {
  answers: [
    { id: 'db', selected: ['Postgres (Recommended)'] },
    { id: 'features', selected: ['Auth'], custom: 'SSO' },
    { id: 'name', selected: [] },
  ],
}

/** A chat as `useChat` holds it once the browser answered call-7 with `part`'s outcome. */
function chatWith(part: ChatPart): ChatMessage[] {
  return [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Set up my project.' }] },
    { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, part] },
  ]
}

const answered: ChatPart = {
  type: 'tool-ask_user_question',
  toolCallId: 'call-7',
  state: 'output-available',
  input: modelInput,
  output: answer,
}

const cancelled: ChatPart = {
  type: 'tool-ask_user_question',
  toolCallId: 'call-7',
  state: 'output-error',
  input: modelInput,
  errorText: formatToolResult(new UserQuestionError('Dismissed.', 'ASK_CANCELLED')),
}

/** The tool result the model reads for call-7 in the converted chat. */
async function toolResultOf(messages: ChatMessage[], options?: { tools: typeof tools }) {
  const converted = await convertToModelMessages(messages, options)
  const message = converted.find((entry) => entry.role === 'tool')
  const part = message?.role === 'tool' ? message.content[0] : undefined
  return part?.type === 'tool-result' ? part : undefined
}

/** A mock model that calls ask_user_question with `input`, then says "done". */
function modelCalling(input: unknown) {
  return new MockLanguageModelV3({
    doGenerate: [
      {
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call-7',
            toolName: 'ask_user_question',
            input: JSON.stringify(input),
          },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      },
      {
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      },
    ],
  })
}

describe('askUserQuestionClientTool', () => {
  it('offers the model the same description and JSON Schema as the server tool', async () => {
    const server = askUserQuestionAiTool(serviceAnswering(skipAll).service)
    const client = askUserQuestionClientTool()
    expect(client.description).toBe(ASK_USER_QUESTION_DESCRIPTION)
    expect(client.inputSchema).toEqual(server.inputSchema)
    const model = modelCalling(modelInput)
    await generateText({ model, prompt: 'Set up my project.', tools })
    expect(model.doGenerateCalls[0]?.tools?.[0]).toMatchObject({
      type: 'function',
      name: 'ask_user_question',
      description: ASK_USER_QUESTION_DESCRIPTION,
      inputSchema: { type: 'object', required: ['questions'] },
    })
  })

  it('has no execute: the step ends with the call waiting for the browser', async () => {
    expect(askUserQuestionClientTool().execute).toBeUndefined()
    const result = await generateText({
      model: modelCalling(modelInput),
      prompt: 'Set up my project.',
      tools,
    })
    expect(result.finishReason).toBe('tool-calls')
    expect(result.toolCalls).toMatchObject([{ toolCallId: 'call-7', input: modelInput }])
    expect(result.toolResults).toEqual([])
  })

  it('gives the model formatToolResult’s text for the browser’s answer', async () => {
    expect(await toolResultOf(chatWith(answered), { tools })).toMatchObject({
      toolCallId: 'call-7',
      toolName: 'ask_user_question',
      output: {
        type: 'text',
        value: [
          'The user answered 2 of 3 question(s).',
          '- db ("Which database?"): selected "Postgres (Recommended)"',
          '- features ("Which features?"): selected "Auth"; wrote "SSO"',
          '- name ("Project name?"): skipped (no answer given; do not assume one)',
        ].join('\n'),
      },
    })
  })

  it('reaches the model’s next prompt as that text', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: {
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      },
    })
    const messages = await convertToModelMessages(chatWith(answered), { tools })
    await generateText({ model, messages, tools })
    const prompt = model.doGenerateCalls[0]?.prompt ?? []
    const tool = prompt.find((message) => message.role === 'tool')
    expect(tool?.content).toEqual([
      expect.objectContaining({
        type: 'tool-result',
        toolCallId: 'call-7',
        output: { type: 'text', value: formatToolResult(answer, modelInput.questions) },
      }),
    ])
  })

  it('without { tools } the model reads raw JSON, which is why the recipe passes them', async () => {
    expect((await toolResultOf(chatWith(answered)))?.output).toEqual({
      type: 'json',
      value: answer,
    })
  })

  it('passes a cancel to the model as error text that says a cancel is not consent', async () => {
    expect((await toolResultOf(chatWith(cancelled), { tools }))?.output).toEqual({
      type: 'error-text',
      value:
        'The user cancelled the question (ASK_CANCELLED). A cancel is not consent: do not assume any answer and do not proceed as if approved.',
    })
  })

  it('does not read a stored output that is no answer as one', async () => {
    // What a tampered or outdated store hands back: typed as an answer, it is none.
    const stored = JSON.parse('{ "answers": "yes" }')
    const output = await tools.ask_user_question.toModelOutput?.({
      toolCallId: 'call-7',
      input: modelInput,
      output: stored,
    })
    expect(output).toEqual({ type: 'text', value: 'Asking the user failed (UNKNOWN).' })
  })

  it('lets validateUIMessages check stored answers against the seam’s answer schema', async () => {
    const good = await safeValidateUIMessages<ChatMessage>({ messages: chatWith(answered), tools })
    expect(good.success).toBe(true)
    const stored = JSON.parse(JSON.stringify(chatWith(answered)))
    stored[1].parts[1].output = { answers: [{ id: 'db' }] }
    const bad = await safeValidateUIMessages<ChatMessage>({ messages: stored, tools })
    expect(bad.success).toBe(false)
  })
})

describe('readAskUserQuestionCall', () => {
  it('turns valid input into the seam’s questions', () => {
    const reading = readAskUserQuestionCall(modelInput)
    expect(reading).toEqual({
      ok: true,
      questions: [
        {
          id: 'db',
          question: 'Which database?',
          header: 'Storage',
          options: [
            { label: 'Postgres (Recommended)', description: 'battle-tested' },
            { label: 'SQLite' },
          ],
        },
        {
          id: 'features',
          question: 'Which features?',
          options: [{ label: 'Auth' }, { label: 'Billing' }],
          multiSelect: true,
        },
        { id: 'name', question: 'Project name?' },
      ],
    })
  })

  it('answers input that fails the schema with INVALID_INPUT naming every path', () => {
    const reading = readAskUserQuestionCall({
      questions: [{ id: 'a', question: 'A?', options: [{ label: 1 }], multiSelect: true }],
    })
    expect(reading.ok).toBe(false)
    if (reading.ok) return
    expect(reading.error).toMatchObject({ name: 'ToolInputError', code: 'INVALID_INPUT' })
    expect(reading.errorText).toMatch(/^The tool input was invalid \(INVALID_INPUT\): /)
    expect(reading.errorText).toContain('questions.0.options.0.label: expected string')
    expect(reading.errorText).toContain('questions.0.multiSelect: unknown key')
    expect(reading.errorText).toMatch(/Fix the input and call ask_user_question again\.$/)
  })

  it('answers a batch that breaks the seam’s rules with INVALID_QUESTION', () => {
    const reading = readAskUserQuestionCall({
      questions: [
        { id: 'a', question: 'A?' },
        { id: 'a', question: 'Again?' },
      ],
    })
    expect(reading).toMatchObject({
      ok: false,
      error: { name: 'UserQuestionError', code: 'INVALID_QUESTION' },
      errorText: expect.stringMatching(/^Asking the user failed \(INVALID_QUESTION\): /),
    })
  })

  it('never throws, whatever the input', () => {
    for (const input of [undefined, null, 'questions', 42, [], { questions: [] }])
      expect(readAskUserQuestionCall(input)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT' },
      })
  })
})
