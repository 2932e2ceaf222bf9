import { describe, expect, it } from 'vitest'
import { createUserQuestionService, type UserQuestionServiceOptions } from '../src/index.ts'
import { answering, batch, rejection } from './fixtures.ts'

interface Agent {
  id: string
  parent?: string
}

/** Subagents (an agent with a parent) are delegated; the rest are live roots. */
const callerPolicy = (agent: unknown) =>
  typeof agent === 'object' && agent !== null && 'parent' in agent ? 'delegated' : 'live-root'

const planner: Agent = { id: 'planner' }
const testWriter: Agent = { id: 'test-writer', parent: 'planner' }

function serviceWith(options: UserQuestionServiceOptions) {
  const service = createUserQuestionService(options)
  const { provider, seen } = answering()
  service.registerProvider(provider)
  return { service, seen }
}

describe('delegated callers', () => {
  it('are refused with DELEGATED_CALLER by default, and nothing is shown', async () => {
    const { service, seen } = serviceWith({ callerPolicy })
    const error = await rejection(service.ask({ ...batch, agent: testWriter }))
    expect(error).toMatchObject({ name: 'UserQuestionError', code: 'DELEGATED_CALLER' })
    expect(seen).toHaveLength(0)
  })

  it('reach the provider when the host opts in with routeDelegated: true', async () => {
    const { service, seen } = serviceWith({ callerPolicy, routeDelegated: true })
    const asker = { name: 'Test writer', parents: ['Planner'] }
    await expect(service.ask({ ...batch, agent: testWriter, asker })).resolves.toBeDefined()
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ agent: testWriter, asker })
  })

  it('are routed one by one when routeDelegated is a predicate', async () => {
    const routeDelegated = (agent: unknown) => (agent as Agent).id === 'test-writer'
    const { service, seen } = serviceWith({ callerPolicy, routeDelegated })
    await service.ask({ ...batch, agent: testWriter })
    const reviewer: Agent = { id: 'reviewer', parent: 'planner' }
    expect(await rejection(service.ask({ ...batch, agent: reviewer }))).toMatchObject({
      code: 'DELEGATED_CALLER',
    })
    expect(seen.map((request) => request.agent)).toEqual([testWriter])
  })

  it('stay refused when the predicate answers anything but true', async () => {
    const routeDelegated = (() => 'yes') as unknown as (agent: unknown) => boolean
    const { service } = serviceWith({ callerPolicy, routeDelegated })
    expect(await rejection(service.ask({ ...batch, agent: testWriter }))).toMatchObject({
      code: 'DELEGATED_CALLER',
    })
  })

  it('never let a caller that is not live through', async () => {
    const { service } = serviceWith({ callerPolicy: () => 'not-live', routeDelegated: true })
    expect(await rejection(service.ask({ ...batch, agent: planner }))).toMatchObject({
      code: 'CALLER_NOT_LIVE',
    })
  })

  it('leave live roots alone', async () => {
    const { service, seen } = serviceWith({ callerPolicy, routeDelegated: false })
    await service.ask({ ...batch, agent: planner })
    expect(seen).toHaveLength(1)
  })
})
