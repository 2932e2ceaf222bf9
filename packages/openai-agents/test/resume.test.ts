import { Agent, Runner, tool } from '@openai/agents'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createMemoryRunStateStore, runWithParley } from '../src/index.ts'
import { choose, type Person, serviceWith } from './helpers.ts'
import {
  callTool,
  providerOf,
  say,
  scriptedModel,
  type Turn,
  toolOutput,
} from './scripted-model.ts'

/** What one "process" builds: the agent, its tool, its model. */
function processWith(turns: Turn[]) {
  const ran: string[] = []
  const deploy = tool({
    name: 'deploy',
    description: 'Deploys a service.',
    parameters: z.object({ service: z.string() }),
    needsApproval: true,
    execute: async ({ service }) => {
      ran.push(service)
      return `deployed ${service}`
    },
  })
  const model = scriptedModel(turns)
  const agent = new Agent({ name: 'Release bot', tools: [deploy] })
  const runner = new Runner({ modelProvider: providerOf(model), tracingDisabled: true })
  return { agent, runner, model, ran }
}

const callDeploy: Turn = () => [callTool('deploy', { service: 'api' }, 'call_1')]
const report: Turn = (input) => [say(`done: ${toolOutput(input, 'call_1')}`)]

describe('a run with a resumeKey', () => {
  it('keeps the state while a card waits and forgets it when the run ends', async () => {
    const store = createMemoryRunStateStore()
    const sizes: number[] = []
    const { service, seen } = serviceWith((request) => {
      sizes.push(store.size)
      return choose('Allow once')(request)
    })
    const first = processWith([callDeploy, report])
    const result = await runWithParley(first.agent, 'Deploy', {
      service,
      runner: first.runner,
      resumeKey: 'job-1',
      store,
    })
    expect(seen[0]?.resumeKey).toBe('job-1:call_1')
    expect(sizes).toEqual([1])
    expect(store.size).toBe(0)
    expect(result.finalOutput).toBe('done: deployed api')
  })

  it('a new process with the same key resumes the stored run: no new model turn, the tool once', async () => {
    const store = createMemoryRunStateStore()
    // The first process stops while the card waits (its signal aborts).
    const controller = new AbortController()
    const waiting: Person = () => {
      queueMicrotask(() => controller.abort())
      return 'wait'
    }
    const first = processWith([callDeploy])
    const stopped = runWithParley(first.agent, 'Deploy', {
      service: serviceWith(waiting).service,
      runner: first.runner,
      resumeKey: 'job-2',
      store,
      signal: controller.signal,
    })
    await expect(stopped).rejects.toMatchObject({ code: 'ASK_ABORTED' })
    expect(store.size).toBe(1)
    expect(first.ran).toEqual([])

    // The second process has only the rest of the script: the call was made.
    const second = processWith([report])
    const { service, seen } = serviceWith(choose('Allow once'))
    const result = await runWithParley(second.agent, 'Deploy', {
      service,
      runner: second.runner,
      resumeKey: 'job-2',
      store,
    })
    expect(seen.map((request) => request.resumeKey)).toEqual(['job-2:call_1'])
    expect(second.ran).toEqual(['api'])
    expect(second.model.requests).toHaveLength(1)
    expect(result.finalOutput).toBe('done: deployed api')
    expect(store.size).toBe(0)
  })

  it('a stored decision is not asked again after a restart', async () => {
    const store = createMemoryRunStateStore()
    const controller = new AbortController()
    // The person answers; the process stops before the next leg finishes.
    const first = processWith([
      callDeploy,
      () => {
        controller.abort()
        return [say('never reached')]
      },
    ])
    const stopped = runWithParley(first.agent, 'Deploy', {
      service: serviceWith(choose('Allow once')).service,
      runner: first.runner,
      resumeKey: 'job-3',
      store,
      signal: controller.signal,
    })
    await expect(stopped).rejects.toMatchObject({ code: 'ASK_ABORTED' })
    expect(store.size).toBe(1)

    const second = processWith([report])
    const { service, seen } = serviceWith(() => 'wait')
    const result = await runWithParley(second.agent, 'Deploy', {
      service,
      runner: second.runner,
      resumeKey: 'job-3',
      store,
    })
    expect(seen).toEqual([])
    expect(result.finalOutput).toBe('done: deployed api')
    // The limit the README states: the first process ran the tool before it
    // stopped, and the resumed run, from the state stored with the decision,
    // runs it again.
    expect([first.ran, second.ran]).toEqual([['api'], ['api']])
  })

  it('refuses a resumeKey without a store', async () => {
    const { agent, runner } = processWith([callDeploy])
    const { service } = serviceWith(() => 'wait')
    await expect(
      runWithParley(agent, 'Deploy', { service, runner, resumeKey: 'job-4' }),
    ).rejects.toThrow(TypeError)
  })
})
