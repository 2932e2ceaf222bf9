/**
 * A scripted model for the real `@openai/agents` runner: the SDK's `Model`
 * and `ModelProvider` interfaces, answering each request with the next turn
 * of a script. No network, no API key.
 */
import {
  type AgentInputItem,
  type AgentOutputItem,
  type Model,
  type ModelProvider,
  type ModelRequest,
  type ModelResponse,
  Usage,
} from '@openai/agents'

/** One turn: what the model says, given what it was sent. */
export type Turn = (input: AgentInputItem[]) => AgentOutputItem[]

/** The model calls `name` with `args` as call `callId`. */
export function callTool(name: string, args: unknown, callId: string): AgentOutputItem {
  return {
    type: 'function_call',
    id: `fc_${callId}`,
    callId,
    name,
    arguments: JSON.stringify(args),
    status: 'completed',
  }
}

/** The model answers with text. */
export function say(text: string): AgentOutputItem {
  return {
    type: 'message',
    id: `msg_${text.length}`,
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text }],
  }
}

/** The output the model was sent for call `callId`, as text. */
export function toolOutput(input: AgentInputItem[], callId: string): string | undefined {
  for (const item of input) {
    if (item.type !== 'function_call_result' || item.callId !== callId) continue
    const { output } = item
    if (typeof output === 'string') return output
    if (!Array.isArray(output) && output.type === 'text') return output.text
    return JSON.stringify(output)
  }
  return undefined
}

export interface ScriptedModel extends Model {
  /** The input of every request, in order. */
  readonly requests: AgentInputItem[][]
}

/** A model whose reply to the `n`-th request (from 0) is `reply(input, n)`. */
function modelOf(reply: (input: AgentInputItem[], n: number) => AgentOutputItem[]): ScriptedModel {
  const requests: AgentInputItem[][] = []
  const respond = (request: ModelRequest): ModelResponse => {
    const input: AgentInputItem[] =
      typeof request.input === 'string'
        ? [{ type: 'message', role: 'user', content: request.input }]
        : request.input
    requests.push(input)
    const output = reply(input, requests.length - 1)
    return { usage: new Usage(), output, responseId: `resp_${requests.length}` }
  }
  return {
    requests,
    async getResponse(request) {
      return respond(request)
    },
    // biome-ignore lint/correctness/useYield: the tests never stream.
    async *getStreamedResponse() {
      throw new Error('The scripted model does not stream.')
    },
  }
}

/** A model that plays `turns` in order and fails past the end of its script. */
export function scriptedModel(turns: Turn[]): ScriptedModel {
  return modelOf((input, n) => {
    const turn = turns[n]
    if (!turn) throw new Error(`The script has no turn ${n + 1}.`)
    return turn(input)
  })
}

/** A model that answers every request with `respond`: a script that reads where the run is. */
export function reactiveModel(respond: Turn): ScriptedModel {
  return modelOf((input) => respond(input))
}

/** A provider that hands out one model whatever the name. */
export function providerOf(model: Model): ModelProvider {
  return { getModel: () => model }
}
