import type { FunctionTool, RunState, RunToolApprovalItem } from '@openai/agents'
import { Agent } from '@openai/agents'
import { createUserQuestionService } from '@parley/seam'
import { describe, expectTypeOf, it } from 'vitest'
import {
  type ApprovalAction,
  askUserQuestionTool,
  type RunStateStore,
  runWithParley,
} from '../src/index.ts'

// biome-ignore lint/suspicious/noExplicitAny: the SDK's own bound for any agent.
type AnyState = RunState<any, Agent<any, any>>
type Approve = NonNullable<Parameters<AnyState['approve']>[1]>
type Reject = NonNullable<Parameters<AnyState['reject']>[1]>

describe('types against the installed SDK', () => {
  it('an approve decision is the options of state.approve, Always allow its alwaysApprove', () => {
    type Options = Extract<ApprovalAction, { action: 'approve' }>['options']
    expectTypeOf<Options>().toEqualTypeOf<Approve>()
    expectTypeOf<Options['alwaysApprove']>().toEqualTypeOf<Approve['alwaysApprove']>()
  })

  it('a reject decision is the options of state.reject: the message the model reads, alwaysReject', () => {
    type Options = Extract<ApprovalAction, { action: 'reject' }>['options']
    expectTypeOf<Options>().toEqualTypeOf<Reject>()
    expectTypeOf<Options['message']>().toEqualTypeOf<Reject['message']>()
    expectTypeOf<Options['alwaysReject']>().toEqualTypeOf<Reject['alwaysReject']>()
  })

  it('runWithParley resolves with the SDK’s RunResult, typed by the agent’s output', () => {
    const agent = new Agent({ name: 'Bot' })
    const running = runWithParley(agent, 'Hi', { service: createUserQuestionService() })
    expectTypeOf(running).resolves.toHaveProperty('finalOutput').toEqualTypeOf<string | undefined>()
    expectTypeOf(running)
      .resolves.toHaveProperty('interruptions')
      .toEqualTypeOf<RunToolApprovalItem[]>()
  })

  it('the tool is an SDK FunctionTool, and the store takes state.toString()', () => {
    expectTypeOf(askUserQuestionTool(createUserQuestionService())).toEqualTypeOf<FunctionTool>()
    expectTypeOf<RunStateStore['save']>()
      .parameter(1)
      .toEqualTypeOf<ReturnType<AnyState['toString']>>()
  })
})
