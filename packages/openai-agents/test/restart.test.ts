/**
 * Durable across restarts, on the cluster's engine: a real agent process
 * reaches an approval, is killed (SIGKILL) while the card waits, the person
 * answers on a surviving @parley/host-postgres node while no agent runs, and
 * a restarted process resumes the stored RunState with that decision, once.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createQuestionHost, type NodeQuestionHost } from '@parley/host/node'
import { createPostgresCoordinator } from '@parley/host-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../../scripts/throwaway-postgres.ts'
import { CLUSTER, RESUME_KEY, SESSION } from './restart/shared.ts'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const agentProcess = fileURLToPath(new URL('./restart/agent-process.ts', import.meta.url))
const CHANNEL = 'parley_openai_restart'

interface Frame {
  type: string
  rpcId?: string
  [key: string]: unknown
}

let db: ThrowawayPostgres
let admin: pg.Pool
let survivor: { host: NodeQuestionHost<string>; server: Server; pool: pg.Pool; base: string }

/** A browser tab on the surviving node: every frame, and a wait for one of a type. */
function openTab(base: string) {
  const frames: Frame[] = []
  const waiters: (() => void)[] = []
  const socket = new WebSocket(`ws://${base}/api/mux?session=${SESSION}`, {
    headers: { 'x-user': 'alice' },
  })
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)))
    for (const wake of waiters.splice(0)) wake()
  })
  const of = (type: string) => frames.filter((frame) => frame.type === type)
  return {
    of,
    async first(type: string): Promise<Frame> {
      for (;;) {
        const [found] = of(type)
        if (found) return found
        await new Promise<void>((wake) => waiters.push(wake))
      }
    },
    close: () => socket.close(),
  }
}

/** Starts the agent process as node `nodeId`; `output` resolves with its stdout once it exits. */
function startAgent(nodeId: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', agentProcess, db.url, nodeId, CHANNEL],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = once(child, 'exit').then(([code, signal]) => ({ code, signal, stdout, stderr }))
  return { child, exited }
}

async function respond(base: string, body: unknown) {
  const response = await fetch(`http://${base}/api/respond`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user': 'alice' },
    body: JSON.stringify(body),
  })
  return response.json()
}

beforeAll(async () => {
  db = await startThrowawayPostgres()
  admin = new pg.Pool({ connectionString: db.url, max: 2 })
  await admin.query('CREATE TABLE run_states (key text PRIMARY KEY, state text NOT NULL)')
  await admin.query('CREATE TABLE tool_runs (node_id text NOT NULL, call_id text NOT NULL)')
  const pool = new pg.Pool({ connectionString: db.url, max: 6, application_name: 'browser-node' })
  pool.on('error', () => {})
  const host = createQuestionHost<string>({
    authenticate: (request) => request.headers.get('x-user'),
    canAccess: (user, sessionId) => user === 'alice' && sessionId === SESSION,
    coordinator: createPostgresCoordinator({
      pool,
      nodeId: 'browser-node',
      channel: CHANNEL,
      ...CLUSTER,
    }),
  })
  const server = createServer((req, res) => host.handleRequest(req, res))
  host.attach(server)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  await host.ready
  const { port } = server.address() as AddressInfo
  survivor = { host, server, pool, base: `127.0.0.1:${port}` }
}, 30_000)

afterAll(async () => {
  if (survivor) {
    await survivor.host.close()
    survivor.server.closeAllConnections()
    survivor.server.close()
    await survivor.pool.end()
  }
  await admin?.end()
  db?.stop()
})

describe('an OpenAI Agents run across a killed process', () => {
  it('resumes from the stored RunState with the answer given while it was down, and runs the tool once', async () => {
    const tab = openTab(survivor.base)
    const first = startAgent('agent-1')
    const requested = await tab.first('question/requested')
    expect(requested).toMatchObject({
      sessionId: SESSION,
      callId: 'call_deploy',
      questions: [
        { id: 'approval', intent: { kind: 'approval', tool: 'deploy', input: { service: 'api' } } },
      ],
    })
    const stored = await admin.query('SELECT key FROM run_states')
    expect(stored.rows).toEqual([{ key: RESUME_KEY }])

    first.child.kill('SIGKILL')
    expect(await first.exited).toMatchObject({ signal: 'SIGKILL' })

    // Answered while no agent runs: the surviving node keeps it for the key.
    const answer = { answers: [{ id: 'approval', selected: ['Allow once'] }] }
    const accepted = await respond(survivor.base, {
      rpcId: requested.rpcId,
      sessionId: SESSION,
      result: { ok: true, answer },
    })
    expect(accepted).toEqual({ accepted: true })
    expect((await admin.query('SELECT * FROM tool_runs')).rows).toEqual([])

    const second = startAgent('agent-2')
    const ended = await second.exited
    expect(ended, ended.stderr).toMatchObject({ code: 0 })
    // The resumed run asked the model once: for its report, not for the call again.
    expect(JSON.parse(ended.stdout.trim())).toEqual({
      finalOutput: 'done: deployed api',
      modelCalls: 1,
    })
    expect((await admin.query('SELECT node_id, call_id FROM tool_runs')).rows).toEqual([
      { node_id: 'agent-2', call_id: 'call_deploy' },
    ])
    expect((await admin.query('SELECT key FROM run_states')).rows).toEqual([])
    // One card, never shown twice.
    expect(tab.of('question/requested').map((frame) => frame.rpcId)).toEqual([requested.rpcId])
    tab.close()
  }, 90_000)
})
