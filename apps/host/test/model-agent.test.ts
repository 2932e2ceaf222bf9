import type { AddressInfo } from 'node:net'
import { MockLanguageModelV3 } from 'ai/test'
import { afterEach, describe, expect, it } from 'vitest'
import { createDemoServer } from '../src/server.ts'
import { user } from './harness.ts'

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
}

/** A model that asks one question through the tool, then replies with what the tool returned. */
function askingModel() {
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      const tool = prompt.find((message) => message.role === 'tool')
      if (!tool) {
        const input = {
          questions: [
            {
              id: 'db',
              question: 'Which database?',
              options: [{ label: 'Postgres' }, { label: 'SQLite' }],
            },
          ],
        }
        return {
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call-1',
              toolName: 'ask_user_question',
              input: JSON.stringify(input),
            },
          ],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        }
      }
      const part = tool.role === 'tool' ? tool.content[0] : undefined
      const seen =
        part?.type === 'tool-result' && part.output.type === 'text' ? part.output.value : ''
      return {
        content: [{ type: 'text', text: `The tool said: ${seen}` }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      }
    },
  })
}

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
})

describe('the demo host with a real model', () => {
  it('lets the model ask through the AI SDK adapter and continue with the answer', async () => {
    const demo = createDemoServer({
      webRoot: '/nonexistent',
      model: { languageModel: askingModel() },
    })
    close = demo.close
    await new Promise<void>((resolve) => demo.server.listen(0, '127.0.0.1', resolve))
    const alice = user(`http://127.0.0.1:${(demo.server.address() as AddressInfo).port}`)
    const sessionId = await alice.newSession()
    const mux = await alice.openMux()
    await alice.request(`/api/sessions/${sessionId}/messages`, {
      method: 'POST',
      json: { text: 'Set up storage' },
    })
    const asked = await mux.next((frame) => frame.type === 'question/requested')
    expect(asked.callId).toBe('call-1')
    await alice.request('/api/respond', {
      method: 'POST',
      json: {
        rpcId: asked.rpcId,
        sessionId,
        result: { ok: true, answer: { answers: [{ id: 'db', selected: ['SQLite'] }] } },
      },
    })
    const reply = await mux.next(
      (frame) => frame.type === 'chat/event' && frame.event.role === 'agent',
    )
    expect(reply.event.text).toMatch(/The tool said: .*SQLite/s)
    const row = await mux.next(
      (frame) =>
        frame.type === 'chat/event' &&
        frame.event.kind === 'tool' &&
        frame.event.status === 'answered',
    )
    expect(row.event).toMatchObject({ answered: 1, total: 1 })
    mux.close()
  })
})
