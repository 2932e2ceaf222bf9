// Starts `node dist/server.js` as an adopter would, asks through the tool at
// /agent/ask, reads the question off the mux (WebSocket and SSE) and answers
// with a plain fetch to the respond route.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import WebSocket from 'ws'

const TOKEN = 'test-token-for-the-node-server-example'
const AUTH = { authorization: `Bearer ${TOKEN}` }
const SESSION = 'chat-1'
const COLOUR = {
  questions: [
    {
      id: 'colour',
      question: 'Which colour should the button be?',
      options: [{ label: 'Blue (Recommended)' }, { label: 'Green' }],
    },
  ],
}

let server
let base
const staticDir = mkdtempSync(join(tmpdir(), 'parley-static-'))

before(async () => {
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>the app</title>')
  server = spawn(process.execPath, ['dist/server.js'], {
    env: { ...process.env, PORT: '0', PARLEY_TOKEN: TOKEN, PARLEY_STATIC_DIR: staticDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  base = await new Promise((resolve, reject) => {
    let output = ''
    server.stdout.setEncoding('utf8')
    server.stdout.on('data', (chunk) => {
      output += chunk
      const found = /listening on (http:\/\/\S+)/.exec(output)
      if (found) resolve(found[1])
    })
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)))
  })
})

after(() => {
  server?.kill('SIGTERM')
  rmSync(staticDir, { recursive: true, force: true })
})

async function ask(input, sessionId = SESSION) {
  const response = await fetch(`${base}/agent/ask`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId, input }),
  })
  assert.equal(response.status, 202)
  const { callId } = await response.json()
  return callId
}

async function resultOf(callId) {
  const response = await fetch(`${base}/agent/result?callId=${callId}`, { headers: AUTH })
  assert.equal(response.status, 200)
  return response.json()
}

/** Polls the agent until its tool call has settled. */
async function settled(callId) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const result = await resultOf(callId)
    if (result.status !== 'pending') return result
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`call ${callId} is still pending`)
}

async function respond(body, headers = AUTH) {
  const response = await fetch(`${base}/api/respond`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, receipt: await response.json() }
}

/** Opens the WebSocket mux and collects its frames. */
async function openMux(headers = AUTH) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/mux?session=${SESSION}`, {
    headers,
  })
  const frames = []
  const waiters = new Set()
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)))
    for (const waiter of waiters) waiter()
  })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused with ${response.statusCode}`)),
    )
  })
  return {
    frames,
    next(predicate) {
      return new Promise((resolve) => {
        const check = () => {
          const frame = frames.find(predicate)
          if (!frame) return
          waiters.delete(check)
          resolve(frame)
        }
        waiters.add(check)
        check()
      })
    },
    close: () => socket.close(),
  }
}

test('the tool resolves with the answer POSTed for the rpcId read off the WebSocket', async () => {
  const mux = await openMux()
  await mux.next((frame) => frame.type === 'mux/ready')
  const callId = await ask(COLOUR)

  const requested = await mux.next((frame) => frame.type === 'question/requested')
  assert.equal(requested.sessionId, SESSION)
  assert.equal(requested.callId, callId)
  assert.equal(requested.questions[0].question, 'Which colour should the button be?')
  assert.deepEqual(await resultOf(callId), { status: 'pending' })

  const answer = { answers: [{ id: 'colour', selected: ['Green'] }] }
  const { status, receipt } = await respond({
    rpcId: requested.rpcId,
    sessionId: SESSION,
    result: { ok: true, answer },
  })
  assert.equal(status, 200)
  assert.deepEqual(receipt, { accepted: true })

  const resolved = await mux.next((frame) => frame.type === 'question/resolved')
  // `by` says which client answered, in words (no User-Agent here: an empty label) and when;
  // `answer` is the answer that counted, for the session's other tabs to show.
  assert.equal(typeof resolved.by?.at, 'number')
  assert.deepEqual(resolved, {
    type: 'question/resolved',
    rpcId: requested.rpcId,
    sessionId: SESSION,
    outcome: 'answered',
    by: { label: '', at: resolved.by.at },
    answer,
  })
  const result = await settled(callId)
  assert.equal(result.status, 'answered')
  assert.deepEqual(result.answer, answer)
  assert.match(result.text, /selected "Green"/)

  const again = await respond({
    rpcId: requested.rpcId,
    sessionId: SESSION,
    result: { ok: true, answer },
  })
  assert.deepEqual(again.receipt, { accepted: false, reason: 'not-pending' })
  mux.close()
})

test('a cancel read off the SSE mux rejects the tool with ASK_CANCELLED, which is no consent', async () => {
  const controller = new AbortController()
  const stream = await fetch(`${base}/api/mux?session=${SESSION}`, {
    headers: { ...AUTH, accept: 'text/event-stream' },
    signal: controller.signal,
  })
  assert.equal(stream.status, 200)
  assert.match(stream.headers.get('content-type'), /^text\/event-stream/)
  const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffered = ''
  async function nextFrame(type) {
    for (;;) {
      const events = buffered.split('\n\n')
      buffered = events.pop()
      for (const [index, event] of events.entries()) {
        const data = event.split('\n').find((line) => line.startsWith('data: '))
        const frame = data && JSON.parse(data.slice('data: '.length))
        if (frame?.type === type) {
          buffered = [...events.slice(index + 1), buffered].join('\n\n')
          return frame
        }
      }
      const { value, done } = await reader.read()
      if (done) throw new Error('the stream ended')
      buffered += value
    }
  }
  await nextFrame('mux/ready')
  const callId = await ask(COLOUR)
  const requested = await nextFrame('question/requested')

  const { receipt } = await respond({
    rpcId: requested.rpcId,
    sessionId: SESSION,
    result: { ok: false, error: { code: 'cancelled' } },
  })
  assert.deepEqual(receipt, { accepted: true })
  assert.equal((await nextFrame('question/resolved')).outcome, 'cancelled')
  const result = await settled(callId)
  assert.equal(result.status, 'failed')
  assert.equal(result.error.code, 'ASK_CANCELLED')
  assert.match(result.text, /A cancel is not consent/)
  controller.abort()
})

test('a wrong answer is refused and the question stays pending for a valid one', async () => {
  const mux = await openMux()
  const callId = await ask(COLOUR)
  const requested = await mux.next((frame) => frame.type === 'question/requested')
  const wrong = await respond({
    rpcId: requested.rpcId,
    sessionId: SESSION,
    result: { ok: true, answer: { answers: [{ id: 'colour', selected: ['Red'] }] } },
  })
  assert.equal(wrong.receipt.accepted, false)
  assert.equal(wrong.receipt.reason, 'bad-response')
  assert.deepEqual(await resultOf(callId), { status: 'pending' })

  const skip = { answers: [{ id: 'colour', selected: [] }] }
  const right = await respond({
    rpcId: requested.rpcId,
    sessionId: SESSION,
    result: { ok: true, answer: skip },
  })
  assert.deepEqual(right.receipt, { accepted: true })
  const result = await settled(callId)
  assert.deepEqual(result.answer, skip)
  assert.match(result.text, /skipped \(no answer given; do not assume one\)/)
  mux.close()
})

test('model input the tool rejects comes back as INVALID_INPUT the model can fix', async () => {
  const callId = await ask({ questions: [{ id: 'x', question: 'Pick', multiSelect: true }] })
  const result = await settled(callId)
  assert.equal(result.status, 'failed')
  assert.equal(result.error.code, 'INVALID_INPUT')
  assert.match(result.text, /multiSelect/)
})

test('without the token nothing is served: mux, respond and agent answer 401', async () => {
  await assert.rejects(openMux({}), /upgrade refused with 401/)
  const sse = await fetch(`${base}/api/mux`, { headers: { accept: 'text/event-stream' } })
  assert.equal(sse.status, 401)
  const wrongToken = { authorization: 'Bearer not-the-token' }
  const post = await respond(
    { rpcId: 'x', sessionId: SESSION, result: { ok: false, error: { code: 'cancelled' } } },
    wrongToken,
  )
  assert.equal(post.status, 401)
  const agent = await fetch(`${base}/agent/ask`, {
    method: 'POST',
    headers: { ...wrongToken, 'content-type': 'application/json' },
    body: '{}',
  })
  assert.equal(agent.status, 401)
})

test('the agent route has the host’s fences: a cross-site text/plain post or a foreign Origin is refused', async () => {
  const form = await fetch(`${base}/agent/ask`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'text/plain' },
    body: JSON.stringify({ sessionId: SESSION, input: COLOUR }),
  })
  assert.equal(form.status, 415)
  const foreign = await fetch(`${base}/agent/ask`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json', origin: 'https://evil.example' },
    body: JSON.stringify({ sessionId: SESSION, input: COLOUR }),
  })
  assert.equal(foreign.status, 403)
  assert.equal((await foreign.json()).code, 'ORIGIN_NOT_ALLOWED')
})

test('a session the user may not access is refused', async () => {
  const response = await fetch(`${base}/agent/ask`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId: 'someone-else', input: COLOUR }),
  })
  assert.equal(response.status, 403)
  const mux = await fetch(`${base}/api/mux?session=someone-else`, {
    headers: { ...AUTH, accept: 'text/event-stream' },
  })
  assert.equal(mux.status, 403)
})

test('signing in at /login sets an HttpOnly cookie that opens the mux', async () => {
  const refused = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'token=wrong',
    redirect: 'manual',
  })
  assert.equal(refused.status, 401)

  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: TOKEN }).toString(),
    redirect: 'manual',
  })
  assert.equal(response.status, 303)
  assert.equal(response.headers.get('location'), '/')
  const cookie = response.headers.get('set-cookie')
  assert.match(cookie, /HttpOnly/)
  assert.match(cookie, /SameSite=Strict/)
  const mux = await openMux({ cookie: cookie.split(';')[0] })
  await mux.next((frame) => frame.type === 'mux/ready')
  mux.close()
})

test('the static folder is served at / with a single-page fallback', async () => {
  for (const path of ['/', '/some/client/route']) {
    const response = await fetch(`${base}${path}`)
    assert.equal(response.status, 200)
    assert.match(await response.text(), /<title>the app<\/title>/)
  }
})
