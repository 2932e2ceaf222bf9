// Three processes of the example (`node dist/server.js`) on one throwaway
// PostgreSQL, as an adopter would run them behind a load balancer: a question
// asked on one node shows on another node's tab and is answered on a third;
// a killed node's question ends `server-gone`; a durable wait outlives a
// graceful restart of the node whose agent awaited it.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { after, before, test } from 'node:test'
import { signToken } from '../dist/auth.js'
import { eventually, get, killAll, openTab, post, startNode, stopAll } from './nodes.mjs'
import { startPostgres } from './postgres.mjs'

const SECRET = 'a-secret-every-node-of-this-test-shares'
const ALICE = signToken(SECRET, 'alice')
const SESSION = 'alice/chat-1'
// Fast liveness, so a killed node is noticed in about a second.
const HEARTBEAT_MS = 200
const DEAD_AFTER_MS = 800
// No step may hang the run: a test that overruns fails, and after() still cleans up.
const TIMEOUT = { timeout: 20_000 }

const colour = (callId, extra = {}) => ({
  sessionId: SESSION,
  callId,
  questions: [
    {
      id: 'colour',
      question: `Which colour should the button be? (${callId})`,
      options: [{ label: 'Blue (Recommended)' }, { label: 'Green' }],
    },
  ],
  ...extra,
})
const GREEN = { answers: [{ id: 'colour', selected: ['Green'] }] }
const BLUE = { answers: [{ id: 'colour', selected: ['Blue (Recommended)'] }] }

const requestedFor = (callId) => (frame) =>
  frame.type === 'question/requested' && frame.callId === callId
const resolvedFor = (rpcId) => (frame) =>
  frame.type === 'question/resolved' && frame.rpcId === rpcId

let database
let env
const nodes = {}
const tabs = []

function cleanUp() {
  killAll()
  database?.stop()
}
// A crash or Ctrl-C of the test still ends the nodes and removes the database.
process.once('exit', cleanUp)
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    cleanUp()
    process.exit(130)
  })

async function tab(node) {
  const opened = await openTab(node.base, ALICE, SESSION)
  tabs.push(opened)
  await opened.next((frame) => frame.type === 'mux/ready')
  return opened
}

const answer = (node, rpcId, result, responseId) =>
  post(node.base, '/api/respond', ALICE, {
    rpcId,
    sessionId: SESSION,
    result,
    ...(responseId && { responseId }),
  })

before(
  async () => {
    database = await startPostgres()
    env = {
      DATABASE_URL: database.url,
      PARLEY_SECRET: SECRET,
      PARLEY_HEARTBEAT_MS: String(HEARTBEAT_MS),
      PARLEY_DEAD_AFTER_MS: String(DEAD_AFTER_MS),
      PARLEY_RECHECK_MS: '500',
    }
    // Migrated once as at deploy; the nodes' own migrate() then finds nothing to do.
    const migrated = execFileSync(process.execPath, ['dist/migrate.js'], {
      env: { ...process.env, DATABASE_URL: database.url },
      encoding: 'utf8',
    })
    assert.match(migrated, /^applied migrations 1\b/)
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((name) => startNode(name, env)))
    Object.assign(nodes, { a, b, c })
  },
  { timeout: 60_000 },
)

after(async () => {
  for (const opened of tabs) opened.close()
  await stopAll()
  database?.stop()
})

test('asked on A, shown on B, answered on C: A gets that answer, once', TIMEOUT, async () => {
  const onB = await tab(nodes.b)
  const asking = post(nodes.a.base, '/agent/ask', ALICE, colour('first'))
  const requested = await onB.next(requestedFor('first'))
  assert.equal(requested.sessionId, SESSION)

  const accepted = await answer(nodes.c, requested.rpcId, { ok: true, answer: GREEN }, 'r-1')
  assert.deepEqual(accepted, { status: 200, body: { accepted: true } })
  assert.deepEqual(await asking, { status: 200, body: { answer: GREEN } })
  const resolved = await onB.next(resolvedFor(requested.rpcId))
  assert.equal(resolved.outcome, 'answered')

  const late = await answer(nodes.b, requested.rpcId, { ok: true, answer: BLUE }, 'r-2')
  assert.deepEqual(late.body, { accepted: false, reason: 'not-pending' })
  // The same response retried (its responseId kept) stays accepted, on any node.
  const retried = await answer(nodes.a, requested.rpcId, { ok: true, answer: GREEN }, 'r-1')
  assert.deepEqual(retried.body, { accepted: true })
  onB.close()
})

test('an agent that hangs up takes its plain question off every tab', TIMEOUT, async () => {
  const onB = await tab(nodes.b)
  const hangUp = new AbortController()
  const asking = fetch(`${nodes.c.base}/agent/ask`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ALICE}`, 'content-type': 'application/json' },
    body: JSON.stringify(colour('abandoned')),
    signal: hangUp.signal,
  }).catch((error) => error)
  const requested = await onB.next(requestedFor('abandoned'))
  hangUp.abort()
  assert.equal((await asking).name, 'AbortError')
  const resolved = await onB.next(resolvedFor(requested.rpcId))
  assert.equal(resolved.outcome, 'aborted')
  assert.equal(resolved.reason, undefined)
  onB.close()
})

test('every node verifies the shared-secret token; none takes a forged one', TIMEOUT, async () => {
  const forged = signToken('not-the-shared-secret-at-all', 'alice')
  for (const node of [nodes.a, nodes.b, nodes.c]) {
    assert.equal((await get(node.base, '/agent/pending', ALICE)).status, 200)
    assert.equal((await get(node.base, '/agent/pending', forged)).status, 401)
    await assert.rejects(openTab(node.base, forged, SESSION), /upgrade refused with 401/)
  }
  const bob = signToken(SECRET, 'bob')
  const foreign = await post(nodes.a.base, '/agent/ask', bob, colour('not-bobs'))
  assert.equal(foreign.status, 403)
  await assert.rejects(openTab(nodes.b.base, bob, SESSION), /upgrade refused with 403/)
})

test('a SIGKILLed node’s pending question ends server-gone on every tab', TIMEOUT, async (t) => {
  const onB = await tab(nodes.b)
  // Settled here at once, so its rejection is never unhandled while we wait.
  const asking = post(nodes.a.base, '/agent/ask', ALICE, colour('doomed')).then(
    (response) => ({ response }),
    (error) => ({ error }),
  )
  const requested = await onB.next(requestedFor('doomed'))

  const killedAt = performance.now()
  assert.equal((await nodes.a.stop('SIGKILL')).signal, 'SIGKILL')
  const { error } = await asking
  assert.match(String(error), /fetch failed/) // the agent's connection died with its node
  // Silent for DEAD_AFTER_MS since its last heartbeat, then reaped on a live
  // node's next one (about a second); the rest is slack for a loaded machine.
  const resolved = await onB.next(resolvedFor(requested.rpcId), DEAD_AFTER_MS + 4_000)
  const ms = Math.round(performance.now() - killedAt)
  t.diagnostic(`server-gone ${ms} ms after SIGKILL (dead after ${DEAD_AFTER_MS} ms)`)
  assert.equal(resolved.outcome, 'aborted')
  assert.equal(resolved.reason, 'server-gone')

  const late = await answer(nodes.c, requested.rpcId, { ok: true, answer: GREEN })
  assert.deepEqual(late.body, { accepted: false, reason: 'not-pending' })
  onB.close()
})

test('a durable wait outlives a graceful restart: the same key re-attaches', TIMEOUT, async () => {
  const onC = await tab(nodes.c)
  const ask = colour('durable', { resumeKey: 'tool-call-7' })
  const first = post(nodes.b.base, '/agent/ask', ALICE, ask)
  const requested = await onC.next(requestedFor('durable'))

  // SIGTERM: B leaves the cluster; its agent's call ends, the question stays pending.
  assert.deepEqual(await nodes.b.stop('SIGTERM'), { code: 0, signal: null })
  const interrupted = await first
  assert.equal(interrupted.body.error?.code, 'ASK_ABORTED')
  assert.equal(interrupted.body.error?.reason, 'server-gone')

  nodes.b = await startNode('b (restarted)', env)
  const again = post(nodes.b.base, '/agent/ask', ALICE, ask)
  await eventually(
    async () => {
      const { body } = await get(nodes.b.base, '/agent/pending', ALICE)
      return body.pending.some((entry) => entry.rpcId === requested.rpcId)
    },
    5_000,
    'the restarted node awaits the same question',
  )
  const accepted = await answer(nodes.c, requested.rpcId, { ok: true, answer: BLUE })
  assert.deepEqual(accepted.body, { accepted: true })
  assert.deepEqual(await again, { status: 200, body: { answer: BLUE } })

  const resolved = await onC.next(resolvedFor(requested.rpcId))
  assert.equal(resolved.outcome, 'answered')
  // One card all along: the re-attached ask showed nothing new, and nothing ended it in between.
  assert.equal(onC.frames.filter(requestedFor('durable')).length, 1)
  assert.equal(onC.frames.filter(resolvedFor(requested.rpcId)).length, 1)
  onC.close()
})
