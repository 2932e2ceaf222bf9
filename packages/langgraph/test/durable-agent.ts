/**
 * The agent process of durable.test.ts: a LangGraph graph checkpointed in
 * PostgreSQL (PostgresSaver) whose node asks through a Parley host that is a
 * node of the cluster on the same database. It runs one thread to its end
 * and prints the final state as one JSON line; the test kills it while the
 * question waits and starts it again.
 */
import { Annotation, END, START, StateGraph } from '@langchain/langgraph'
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres'
import { createQuestionHost } from '@parley/host/node'
import { createPostgresCoordinator } from '@parley/host-postgres'
import { createUserQuestionService } from '@parley/seam'
import pg from 'pg'
import { askUser, runWithParley } from '../src/index.ts'

const env = (name: string) => {
  const value = process.env[name]
  if (value === undefined) throw new Error(`${name} is not set`)
  return value
}
const url = env('DATABASE_URL')
const threadId = env('THREAD_ID')

const pool = new pg.Pool({ connectionString: url, max: 6 })
const checkpointer = new PostgresSaver(pool)
await checkpointer.setup()
await pool.query(
  'CREATE TABLE IF NOT EXISTS resumed (thread text, colour text, pid int, at timestamptz DEFAULT now())',
)

const host = createQuestionHost<string>({
  authenticate: () => null,
  canAccess: () => false,
  coordinator: createPostgresCoordinator({
    pool,
    secret: env('PARLEY_SECRET'),
    channel: env('CHANNEL'),
    nodeId: env('NODE_ID'),
    heartbeatMs: 150,
    deadAfterMs: 600,
    recheckMs: 250,
  }),
})
await host.ready
const service = createUserQuestionService()
service.registerProvider(host.provider)

const State = Annotation.Root({ colour: Annotation<string> })
const graph = new StateGraph(State)
  .addNode('ask', () => {
    const answer = askUser([
      {
        id: 'colour',
        question: 'Which colour should the button be?',
        options: [{ label: 'Blue' }, { label: 'Green' }],
      },
    ])
    return { colour: answer.answers[0]?.selected[0] ?? 'none' }
  })
  // The side effect the test counts: it must happen once, with the answer.
  .addNode('record', async (state) => {
    await pool.query('INSERT INTO resumed (thread, colour, pid) VALUES ($1, $2, $3)', [
      threadId,
      state.colour,
      process.pid,
    ])
    return {}
  })
  .addEdge(START, 'ask')
  .addEdge('ask', 'record')
  .addEdge('record', END)
  .compile({ checkpointer })

const state = await runWithParley(graph, { colour: '' }, { service, threadId, sessionId: 's1' })
process.stdout.write(`${JSON.stringify({ done: state, pid: process.pid })}\n`)
await host.close()
await pool.end()
