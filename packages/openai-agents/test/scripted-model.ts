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

/** A model that plays `turns` in order and fails past the end of its script. */
export function scriptedModel(turns: Turn[]): ScriptedModel {
  const requests: AgentInputItem[][] = []
  const respond = (request: ModelRequest): ModelResponse => {
    const input: AgentInputItem[] =
      typeof request.input === 'string'
        ? [{ type: 'message', role: 'user', content: request.input }]
        : request.input
    requests.push(input)
    const turn = turns[requests.length - 1]
    if (!turn) throw new Error(`The script has no turn ${requests.length}.`)
    return { usage: new Usage(), output: turn(input), responseId: `resp_${requests.length}` }
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

/** A provider that hands out one model whatever the name. */
export function providerOf(model: Model): ModelProvider {
  return { getModel: () => model }
}
