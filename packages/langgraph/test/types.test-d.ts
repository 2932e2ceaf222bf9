import { Annotation, MemorySaver, START, StateGraph } from '@langchain/langgraph'
import { type AskUserQuestionAnswer, createUserQuestionService } from '@parley/seam'
import type {
  ApproveDecision,
  Decision,
  EditDecision,
  HITLRequest,
  HITLResponse,
  RejectDecision,
} from 'langchain'
import type * as v from 'valibot'
import { describe, expectTypeOf, it } from 'vitest'
import type { HitlRequestSchema } from '../src/hitl.ts'
import { type HitlDecision, type HitlResponse, runWithParley } from '../src/index.ts'
import { agentWith } from './agent.ts'

describe('types against the installed LangGraph and LangChain', () => {
  it('each decision the runner resumes with is one of the middleware’s own', () => {
    expectTypeOf<Extract<HitlDecision, { type: 'approve' }>>().toExtend<ApproveDecision>()
    expectTypeOf<Extract<HitlDecision, { type: 'edit' }>>().toExtend<EditDecision>()
    expectTypeOf<Extract<HitlDecision, { type: 'reject' }>>().toExtend<RejectDecision>()
    expectTypeOf<HitlDecision>().toExtend<Decision>()
    expectTypeOf<HitlResponse>().toExtend<HITLResponse>()
    // …and every decision the middleware reads has a counterpart here.
    expectTypeOf<Decision['type']>().toEqualTypeOf<HitlDecision['type']>()
  })

  it('reads every interrupt payload the middleware can raise', () => {
    expectTypeOf<HITLRequest>().toExtend<v.InferInput<typeof HitlRequestSchema>>()
  })

  it('runs a compiled StateGraph and resolves with its state', () => {
    const State = Annotation.Root({ picked: Annotation<string> })
    const graph = new StateGraph(State)
      .addNode('ask', () => ({ picked: 'x' }))
      .addEdge(START, 'ask')
      .compile({ checkpointer: new MemorySaver() })
    const run = runWithParley(
      graph,
      { picked: '' },
      {
        service: createUserQuestionService(),
        threadId: 't',
      },
    )
    expectTypeOf(run).resolves.toHaveProperty('picked').toEqualTypeOf<string>()
  })

  it('runs createAgent’s agent and resolves with its messages', () => {
    const { agent } = agentWith([], {})
    const run = runWithParley(
      agent,
      { messages: [{ role: 'user', content: 'hi' }] },
      {
        service: createUserQuestionService(),
        threadId: 't',
      },
    )
    expectTypeOf(run).resolves.toHaveProperty('messages').toBeArray()
  })

  it('askUser returns Parley’s answer', async () => {
    const { askUser } = await import('../src/index.ts')
    expectTypeOf(askUser).returns.toEqualTypeOf<AskUserQuestionAnswer>()
  })
})
