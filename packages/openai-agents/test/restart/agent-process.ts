/**
 * A real agent process for restart.test.ts: a Parley cluster node on the
 * test's PostgreSQL (no HTTP: browsers reach the surviving node), an agent
 * on the scripted model with one `needsApproval` tool that records each run
 * in `tool_runs`, and `runWithParley` with a resume key and a store in
 * `run_states`. Prints one JSON line when the run ends, then exits.
 *
 * argv: database URL, node id, LISTEN/NOTIFY channel.
 */
import { Agent, Runner, tool } from '@openai/agents'
import { createQuestionHost } from '@parley/host/node'
import { createPostgresCoordinator } from '@parley/host-postgres'
import { createUserQuestionService } from '@parley/seam'
import pg from 'pg'
import { z } from 'zod'
import { type RunStateStore, runWithParley } from '../../src/index.ts'
import { callTool, providerOf, reactiveModel, say, toolOutput } from '../scripted-model.ts'
import { CLUSTER, RESUME_KEY, SESSION } from './shared.ts'

const [url, nodeId, channel] = process.argv.slice(2)
if (!url || !nodeId || !channel) throw new Error('usage: agent-process.ts URL NODE_ID CHANNEL')

const pool = new pg.Pool({ connectionString: url, max: 6, application_name: nodeId })
pool.on('error', () => {})
const coordinator = createPostgresCoordinator({ pool, nodeId, channel, ...CLUSTER })
const host = createQuestionHost<string>({
  authenticate: () => null,
  canAccess: () => false,
  coordinator,
})
await host.ready
const service = createUserQuestionService()
service.registerProvider(host.provider)

const store: RunStateStore = {
  async load(key) {
    const { rows } = await pool.query<{ state: string }>(
      'SELECT state FROM run_states WHERE key = $1',
      [key],
    )
    return rows[0]?.state
  },
  async save(key, text) {
    await pool.query(
      'INSERT INTO run_states (key, state) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET state = $2',
      [key, text],
    )
  },
  async delete(key) {
    await pool.query('DELETE FROM run_states WHERE key = $1', [key])
  },
}

const deploy = tool({
  name: 'deploy',
  description: 'Deploys a service to production.',
  parameters: z.object({ service: z.string() }),
  needsApproval: true,
  execute: async ({ service }, _context, details) => {
    await pool.query('INSERT INTO tool_runs (node_id, call_id) VALUES ($1, $2)', [
      nodeId,
      details?.toolCall?.callId ?? '',
    ])
    return `deployed ${service}`
  },
})
// The model reads where the run is: it deploys until it sees the result.
const model = reactiveModel((input) => {
  const output = toolOutput(input, 'call_deploy')
  return output === undefined
    ? [callTool('deploy', { service: 'api' }, 'call_deploy')]
    : [say(`done: ${output}`)]
})
const agent = new Agent({ name: 'Release bot', tools: [deploy] })
const runner = new Runner({ modelProvider: providerOf(model), tracingDisabled: true })

const result = await runWithParley(agent, 'Deploy the api', {
  service,
  runner,
  sessionId: SESSION,
  resumeKey: RESUME_KEY,
  store,
})
console.log(JSON.stringify({ finalOutput: result.finalOutput, modelCalls: model.requests.length }))
await host.close()
await pool.end()
