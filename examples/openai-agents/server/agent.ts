import { Agent, type AgentInputItem, Runner, tool } from '@openai/agents'
import { askUserQuestionTool, runWithParley } from '@parley/openai-agents'
import type { UserQuestionService } from '@parley/seam'
import { z } from 'zod'
import { scriptedProvider } from './model.js'

/** One line of what happened in a run, as the page shows it. */
export interface TranscriptLine {
  /** `agent`: the agent's text; `tool-call`: a tool it called; `tool-result`: what came back; `end`: how the run ended. */
  kind: 'agent' | 'tool-call' | 'tool-result' | 'end'
  text: string
}

/** The deploys that really ran, newest last (the page shows them; the test reads them). */
export const deploys: string[] = []

const deploy = tool({
  name: 'deploy',
  description: 'Deploys a service to an environment.',
  parameters: z.object({ service: z.string(), env: z.enum(['staging', 'production']) }),
  needsApproval: true,
  execute: async ({ service, env }) => {
    deploys.push(`${service}@${env}`)
    return `deployed ${service} to ${env}`
  },
})

function linesOf(items: AgentInputItem[]): TranscriptLine[] {
  return items.flatMap((item): TranscriptLine[] => {
    if (item.type === 'function_call') return [{ kind: 'tool-call', text: item.name }]
    if (item.type === 'function_call_result')
      return [
        {
          kind: 'tool-result',
          text: typeof item.output === 'string' ? item.output : JSON.stringify(item.output),
        },
      ]
    if (item.type === 'message' && item.role === 'assistant')
      return item.content.flatMap((part) =>
        part.type === 'output_text' ? [{ kind: 'agent' as const, text: part.text }] : [],
      )
    return []
  })
}

/**
 * Runs the release agent on `prompt` with `runWithParley`: its question
 * (`ask_user_question`) and the approval of its `deploy` call go to the
 * person in Parley session `sessionId`. Resolves with the run's transcript.
 */
export async function runAgent(
  service: UserQuestionService,
  { prompt, sessionId, signal }: { prompt: string; sessionId: string; signal: AbortSignal },
): Promise<TranscriptLine[]> {
  const agent = new Agent({
    name: 'Release bot',
    instructions: 'Ask where to deploy, then deploy the api there.',
    tools: [askUserQuestionTool(service, { sessionId }), deploy],
  })
  const runner = new Runner({ modelProvider: scriptedProvider(), tracingDisabled: true })
  try {
    const result = await runWithParley(agent, prompt, { service, sessionId, runner, signal })
    return [...linesOf(result.history), { kind: 'end', text: 'The agent finished.' }]
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error)
    return [{ kind: 'end', text: `The agent could not run: ${said}` }]
  }
}
