import { Agent, Runner, tool } from '@openai/agents'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createMemoryRunStateStore, runWithParley } from '../src/index.ts'
import { choose, type Person, serviceWith, typeReason } from './helpers.ts'
import { callTool, providerOf, say, scriptedModel, toolOutput } from './scripted-model.ts'

/** A deploy tool that needs approval, and the deploys it really ran. */
function deployTool() {
  const ran: string[] = []
  const deploy = tool({
    name: 'deploy',
    description: 'Deploys a service to an environment.',
    parameters: z.object({ service: z.string(), env: z.string() }),
    needsApproval: true,
    execute: async ({ service, env }) => {
      ran.push(`${service}@${env}`)
      return `deployed ${service} to ${env}`
    },
  })
  return { deploy, ran }
}

/** The model deploys, then reports what the tool said. */
const deployThenReport = (calls = 1) => [
  () =>
    Array.from({ length: calls }, (_, n) =>
      callTool('deploy', { service: 'api', env: `prod-${n}` }, `call_${n}`),
    ),
  (input: Parameters<typeof toolOutput>[0]) => [
    say(Array.from({ length: calls }, (_, n) => toolOutput(input, `call_${n}`)).join(' | ')),
  ],
]

async function runDeploy(person: Person, calls = 1) {
  const { deploy, ran } = deployTool()
  const model = scriptedModel(deployThenReport(calls))
  const agent = new Agent({ name: 'Release bot', instructions: 'Ship it.', tools: [deploy] })
  const { service, seen } = serviceWith(person)
  const runner = new Runner({ modelProvider: providerOf(model), tracingDisabled: true })
  const result = await runWithParley(agent, 'Deploy the api', { service, runner, sessionId: 's1' })
  return { result, ran, seen, model }
}

describe('a tool approval through Parley', () => {
  it('is an approval card naming the tool and its parsed arguments', async () => {
    const { seen } = await runDeploy(choose('Allow once'))
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({
      sessionId: 's1',
      callId: 'call_0',
      asker: { name: 'Release bot' },
      questions: [
        {
          id: 'approval',
          header: 'deploy',
          question: 'Allow Release bot to run deploy?',
          options: [
            { label: 'Allow once' },
            { label: 'Always allow', description: 'For the rest of this run' },
            { label: 'Deny', description: 'Or type what the agent should do instead' },
            { label: 'Always deny' },
          ],
          intent: {
            kind: 'approval',
            tool: 'deploy',
            input: { service: 'api', env: 'prod-0' },
            allow: 'Allow once',
            always: ['Always allow'],
            deny: 'Deny',
          },
        },
      ],
    })
  })

  it('Allow once runs the tool and the run goes on to its end', async () => {
    const { result, ran } = await runDeploy(choose('Allow once'))
    expect(ran).toEqual(['api@prod-0'])
    expect(result.interruptions).toEqual([])
    expect(result.finalOutput).toBe('deployed api to prod-0')
  })

  it('a typed reason rejects the call, and the model reads the reason', async () => {
    const { result, ran } = await runDeploy(typeReason('Not on a Friday'))
    expect(ran).toEqual([])
    expect(result.finalOutput).toBe('The person denied this call of deploy: Not on a Friday')
  })

  it('Deny without a reason rejects the call with a plain message', async () => {
    const { result, ran } = await runDeploy(choose('Deny'))
    expect(ran).toEqual([])
    expect(result.finalOutput).toMatch(/^The person denied this call of deploy\. Do not run it/)
  })

  it('a dismissed card or a deadline rejects the call, saying why', async () => {
    const dismissed = await runDeploy(() => 'cancel')
    expect(dismissed.ran).toEqual([])
    expect(dismissed.result.finalOutput).toMatch(/dismissed this approval/)
    const late = await runDeploy(() => 'time-out')
    expect(late.ran).toEqual([])
    expect(late.result.finalOutput).toMatch(/did not answer this approval in time/)
  })

  it('asks one card per interruption of a turn and applies each decision to its call', async () => {
    const { result, ran, seen } = await runDeploy(
      (request) =>
        (request.callId === 'call_0' ? choose('Allow once') : typeReason('not that one'))(request),
      2,
    )
    expect(seen.map((request) => request.callId)).toEqual(['call_0', 'call_1'])
    expect(ran).toEqual(['api@prod-0'])
    expect(result.finalOutput).toBe(
      'deployed api to prod-0 | The person denied this call of deploy: not that one',
    )
  })
})

describe('always', () => {
  /** Three turns, each deploying once. */
  async function runThrice(person: Person) {
    const { deploy, ran } = deployTool()
    const model = scriptedModel([
      () => [callTool('deploy', { service: 'api', env: 'a' }, 'c1')],
      () => [callTool('deploy', { service: 'api', env: 'b' }, 'c2')],
      () => [callTool('deploy', { service: 'api', env: 'c' }, 'c3')],
      (input) => [say(['c1', 'c2', 'c3'].map((id) => toolOutput(input, id)).join(' | '))],
    ])
    const agent = new Agent({ name: 'Release bot', tools: [deploy] })
    const { service, seen } = serviceWith(person)
    const runner = new Runner({ modelProvider: providerOf(model), tracingDisabled: true })
    const result = await runWithParley(agent, 'Deploy thrice', { service, runner })
    return { result, ran, seen }
  }

  it('Always allow approves every later call of the tool in this run without a card', async () => {
    const { ran, seen } = await runThrice(choose('Always allow'))
    expect(seen).toHaveLength(1)
    expect(ran).toEqual(['api@a', 'api@b', 'api@c'])
  })

  it('Always deny rejects every later call of the tool in this run without a card', async () => {
    const { ran, seen, result } = await runThrice(choose('Always deny'))
    expect(seen).toHaveLength(1)
    expect(ran).toEqual([])
    expect(String(result.finalOutput).split(' | ')[0]).toMatch(/for the rest of this run/)
  })
})

describe('ending a run', () => {
  it('an abort while a card waits rejects with ASK_ABORTED and runs nothing', async () => {
    const { deploy, ran } = deployTool()
    const model = scriptedModel(deployThenReport())
    const agent = new Agent({ name: 'Release bot', tools: [deploy] })
    const controller = new AbortController()
    const { service } = serviceWith(() => {
      queueMicrotask(() => controller.abort())
      return 'wait'
    })
    const runner = new Runner({ modelProvider: providerOf(model), tracingDisabled: true })
    const running = runWithParley(agent, 'Deploy', { service, runner, signal: controller.signal })
    await expect(running).rejects.toMatchObject({ name: 'UserQuestionError', code: 'ASK_ABORTED' })
    expect(ran).toEqual([])
  })

  it('an aborted signal before the run rejects with ASK_ABORTED', async () => {
    const model = scriptedModel([() => [say('hi')]])
    const agent = new Agent({ name: 'Bot' })
    const { service } = serviceWith(() => 'wait')
    const runner = new Runner({ modelProvider: providerOf(model), tracingDisabled: true })
    const signal = AbortSignal.abort()
    await expect(runWithParley(agent, 'Hi', { service, runner, signal })).rejects.toMatchObject({
      code: 'ASK_ABORTED',
    })
  })

  it('a card the service refuses rejects the run with the service’s code', async () => {
    const { deploy } = deployTool()
    const model = scriptedModel(deployThenReport())
    const agent = new Agent({ name: 'Release bot', tools: [deploy] })
    const { service } = serviceWith(() => 'wait')
    const runner = new Runner({ modelProvider: providerOf(model), tracingDisabled: true })
    // A resume key longer than the seam allows.
    const running = runWithParley(agent, 'Deploy', {
      service,
      runner,
      resumeKey: 'k'.repeat(250),
      store: createMemoryRunStateStore(),
    })
    await expect(running).rejects.toMatchObject({
      name: 'UserQuestionError',
      code: 'INVALID_QUESTION',
    })
  })
})
