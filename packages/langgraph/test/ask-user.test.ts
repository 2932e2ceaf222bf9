import {
  Annotation,
  Command,
  END,
  isInterrupted,
  MemorySaver,
  START,
  StateGraph,
} from '@langchain/langgraph'
import type { AskUserQuestionItem } from '@parley/seam'
import { describe, expect, it } from 'vitest'
import { askUser, PARLEY_INTERRUPT, runWithParley } from '../src/index.ts'
import { choose, serviceWith } from './helpers.ts'

const COLOUR: AskUserQuestionItem = {
  id: 'colour',
  question: 'Which colour should the button be?',
  options: [{ label: 'Blue' }, { label: 'Green' }],
}
const SIZE: AskUserQuestionItem = {
  id: 'size',
  question: 'How large?',
  options: [{ label: 'Small' }, { label: 'Large' }],
}

const State = Annotation.Root({
  picked: Annotation<string[]>({ reducer: (a, b) => [...a, ...b], default: () => [] }),
})

/** A graph whose node asks `questions` and keeps the chosen labels. */
function graphAsking(questions: AskUserQuestionItem[]) {
  return new StateGraph(State)
    .addNode('ask', () => {
      const answer = askUser(questions)
      return { picked: answer.answers.flatMap((item) => item.selected) }
    })
    .addEdge(START, 'ask')
    .addEdge('ask', END)
    .compile({ checkpointer: new MemorySaver() })
}

describe('askUser() inside a node', () => {
  it('pauses the graph, shows the questions, and resumes with the answer', async () => {
    const { service, seen } = serviceWith((request) => choose(request, 'Blue'))
    const state = await runWithParley(graphAsking([COLOUR]), {}, { service, threadId: 't1' })
    expect(state.picked).toEqual(['Blue'])
    expect(seen).toHaveLength(1)
    expect(seen[0]?.questions).toEqual([COLOUR])
    expect(seen[0]?.agent).toMatchObject({ sdk: 'langgraph', source: 'askUser', threadId: 't1' })
  })

  it('puts a tagged Parley request in the interrupt', async () => {
    const graph = graphAsking([COLOUR])
    const config = { configurable: { thread_id: 't-raw' } }
    const result = await graph.invoke({}, config)
    expect(isInterrupted(result) && result.__interrupt__[0]?.value).toEqual({
      kind: PARLEY_INTERRUPT,
      questions: [COLOUR],
    })
  })

  it('refuses a bad request up front with Parley’s validation error, before pausing', async () => {
    const { service, seen } = serviceWith((request) => choose(request, 'Blue'))
    const run = runWithParley(graphAsking([]), {}, { service, threadId: 't-bad' })
    await expect(run).rejects.toMatchObject({ name: 'UserQuestionError', code: 'EMPTY_QUESTIONS' })
    const twice: AskUserQuestionItem = {
      ...COLOUR,
      options: [{ label: 'Blue' }, { label: 'Blue' }],
    }
    await expect(
      runWithParley(graphAsking([twice]), {}, { service, threadId: 't-bad-2' }),
    ).rejects.toMatchObject({ name: 'UserQuestionError', code: 'INVALID_QUESTION' })
    expect(seen).toEqual([])
  })

  it('refuses a resume that is not an answer to its questions (BAD_ANSWER)', async () => {
    const graph = graphAsking([COLOUR])
    const config = { configurable: { thread_id: 't-resume' } }
    await graph.invoke({}, config)
    await expect(
      graph.invoke(
        new Command({ resume: { answers: [{ id: 'colour', selected: ['Red'] }] } }),
        config,
      ),
    ).rejects.toMatchObject({ name: 'UserQuestionError', code: 'BAD_ANSWER' })
  })

  it('a dismissed card rejects the run ASK_CANCELLED; the thread still waits and asks again', async () => {
    const graph = graphAsking([COLOUR])
    const dismissing = serviceWith(() => 'cancel')
    await expect(
      runWithParley(graph, {}, { service: dismissing.service, threadId: 't-again' }),
    ).rejects.toMatchObject({ code: 'ASK_CANCELLED' })
    const answering = serviceWith((request) => choose(request, 'Green'))
    const state = await runWithParley(
      graph,
      {},
      { service: answering.service, threadId: 't-again' },
    )
    expect(state.picked).toEqual(['Green'])
    expect(answering.seen[0]?.resumeKey).toBe(dismissing.seen[0]?.resumeKey)
  })

  it('a deadline that passed rejects the run ASK_TIMED_OUT; askUser’s own deadline wins', async () => {
    const graph = new StateGraph(State)
      .addNode('ask', () => ({
        picked: askUser([COLOUR], { timeoutMs: 5_000 }).answers.flatMap((item) => item.selected),
      }))
      .addEdge(START, 'ask')
      .compile({ checkpointer: new MemorySaver() })
    const { service, seen } = serviceWith(() => 'time-out')
    await expect(
      runWithParley(graph, {}, { service, threadId: 't-late', timeoutMs: 60_000 }),
    ).rejects.toMatchObject({ code: 'ASK_TIMED_OUT' })
    expect(seen[0]?.timeoutMs).toBe(5_000)
  })

  it('an abort withdraws the card and rejects ASK_ABORTED without resuming', async () => {
    const graph = graphAsking([COLOUR])
    const controller = new AbortController()
    const { service, seen } = serviceWith(() => {
      queueMicrotask(() => controller.abort(new Error('the user left')))
      return 'wait'
    })
    await expect(
      runWithParley(graph, {}, { service, threadId: 't-abort', signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'ASK_ABORTED' })
    expect(seen[0]?.signal?.aborted).toBe(true)
    const state = await graph.getState({ configurable: { thread_id: 't-abort' } })
    expect(state.tasks.flatMap((task) => task.interrupts)).toHaveLength(1)
  })

  it('an already aborted signal runs nothing', async () => {
    const { service, seen } = serviceWith((request) => choose(request, 'Blue'))
    await expect(
      runWithParley(
        graphAsking([COLOUR]),
        {},
        {
          service,
          threadId: 't-aborted',
          signal: AbortSignal.abort(),
        },
      ),
    ).rejects.toMatchObject({ code: 'ASK_ABORTED' })
    expect(seen).toEqual([])
  })

  it('two nodes asking at once are asked together and resumed by interrupt id', async () => {
    const graph = new StateGraph(State)
      .addNode('colour', () => ({
        picked: askUser([COLOUR]).answers.flatMap((item) => item.selected),
      }))
      .addNode('size', () => ({ picked: askUser([SIZE]).answers.flatMap((item) => item.selected) }))
      .addEdge(START, 'colour')
      .addEdge(START, 'size')
      .compile({ checkpointer: new MemorySaver() })
    const { service, seen } = serviceWith((request) =>
      choose(request, request.questions[0]?.id === 'colour' ? 'Green' : 'Large'),
    )
    const state = await runWithParley(graph, {}, { service, threadId: 't-both' })
    expect([...state.picked].sort()).toEqual(['Green', 'Large'])
    expect(seen).toHaveLength(2)
    expect(new Set(seen.map((request) => request.resumeKey)).size).toBe(2)
  })

  it('asks one question after another when a node asks twice', async () => {
    const graph = new StateGraph(State)
      .addNode('ask', () => {
        const colour = askUser([COLOUR]).answers[0]?.selected ?? []
        const size = askUser([SIZE]).answers[0]?.selected ?? []
        return { picked: [...colour, ...size] }
      })
      .addEdge(START, 'ask')
      .compile({ checkpointer: new MemorySaver() })
    const { service, seen } = serviceWith((request) =>
      choose(request, request.questions[0]?.id === 'colour' ? 'Blue' : 'Small'),
    )
    const state = await runWithParley(graph, {}, { service, threadId: 't-twice' })
    expect(state.picked).toEqual(['Blue', 'Small'])
    expect(seen.map((request) => request.questions[0]?.id)).toEqual(['colour', 'size'])
    expect(seen[0]?.resumeKey).not.toBe(seen[1]?.resumeKey)
  })

  it('refuses an interrupt it cannot show (INVALID_QUESTION) and leaves it pending', async () => {
    const graph = new StateGraph(State)
      .addNode('ask', async () => {
        const { interrupt } = await import('@langchain/langgraph')
        return { picked: [String(interrupt('approve the budget?'))] }
      })
      .addEdge(START, 'ask')
      .compile({ checkpointer: new MemorySaver() })
    const { service, seen } = serviceWith((request) => choose(request, 'Blue'))
    await expect(runWithParley(graph, {}, { service, threadId: 't-other' })).rejects.toMatchObject({
      code: 'INVALID_QUESTION',
    })
    expect(seen).toEqual([])
  })
})
