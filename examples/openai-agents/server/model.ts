import {
  type AgentInputItem,
  type AgentOutputItem,
  type Model,
  type ModelProvider,
  type ModelResponse,
  Usage,
} from '@openai/agents'

/** What the scripted model asks before it deploys. */
export const ENVIRONMENT_QUESTION = 'Where should I deploy the api?'

/** The text of the last output the model was sent for call `callId`, if any. */
function outputOf(input: AgentInputItem[], callId: string): string | undefined {
  for (const item of input.toReversed()) {
    if (item.type !== 'function_call_result' || item.callId !== callId) continue
    const { output } = item
    if (typeof output === 'string') return output
    if (!Array.isArray(output) && output.type === 'text') return output.text
    return JSON.stringify(output)
  }
  return undefined
}

/** The environment the person picked, read from the ask_user_question result. */
function environmentIn(answer: string): string {
  return /production/i.test(answer) ? 'production' : 'staging'
}

/** The user messages of the conversation, to give each run its own call ids. */
const turnOf = (input: AgentInputItem[]) =>
  input.filter((item) => item.type === 'message' && item.role === 'user').length

const call = (name: string, args: unknown, callId: string): AgentOutputItem => ({
  type: 'function_call',
  callId,
  name,
  arguments: JSON.stringify(args),
  status: 'completed',
})

const say = (text: string): AgentOutputItem => ({
  type: 'message',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text }],
})

/**
 * A scripted release assistant, the SDK's `Model` interface with no network:
 * it asks where to deploy (`ask_user_question`), calls `deploy` there (a
 * tool that needs approval), and ends by saying what the deploy tool
 * answered: the deploy, or the rejection message with the person's reason.
 * It reads where the run is from its input, so a resumed run goes on.
 */
export function scriptedReleaseModel(): Model {
  const respond = (input: AgentInputItem[]): AgentOutputItem[] => {
    const n = turnOf(input)
    const askId = `call_ask_${n}`
    const deployId = `call_deploy_${n}`
    const answer = outputOf(input, askId)
    if (answer === undefined)
      return [
        call(
          'ask_user_question',
          {
            questions: [
              {
                id: 'env',
                header: 'Environment',
                question: ENVIRONMENT_QUESTION,
                options: [
                  { label: 'Staging', description: 'The team’s test environment' },
                  { label: 'Production', description: 'Real users' },
                ],
              },
            ],
          },
          askId,
        ),
      ]
    const deployed = outputOf(input, deployId)
    if (deployed === undefined)
      return [call('deploy', { service: 'api', env: environmentIn(answer) }, deployId)]
    return [say(`The deploy tool said: ${deployed}`)]
  }
  return {
    async getResponse(request): Promise<ModelResponse> {
      const input: AgentInputItem[] =
        typeof request.input === 'string'
          ? [{ type: 'message', role: 'user', content: request.input }]
          : request.input
      return { usage: new Usage(), output: respond(input) }
    },
    // biome-ignore lint/correctness/useYield: this demo's runs never stream.
    async *getStreamedResponse() {
      throw new Error('The scripted model does not stream.')
    },
  }
}

/** A provider that hands the scripted model out for every model name. */
export function scriptedProvider(): ModelProvider {
  const model = scriptedReleaseModel()
  return { getModel: () => model }
}
