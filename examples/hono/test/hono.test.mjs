// Starts the built server (`node dist/server/main.js` on a port it picks) and
// checks it the way a visitor and an agent would: the static page, the SSE
// mux through Hono, and a question answered end to end in Chromium.
// `npm test` builds first.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { request as httpRequest } from 'node:http'
import { after, before, test } from 'node:test'
import { chromium } from 'playwright'

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const QUESTION = 'Which accent colour should the app use?'

let server
let browser
let base

/** Starts the server with `PORT=0` and resolves with the URL it prints. */
function startServer() {
  server = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`no URL within 10 s: ${output}`)), 10_000)
    server.on('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)))
    server.stdout.setEncoding('utf8')
    server.stdout.on('data', (chunk) => {
      output += chunk
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1]
      if (url) {
        clearTimeout(timer)
        resolve(url.replace(/\/$/, ''))
      }
    })
  })
}

/** Rejects if `promise` has not settled within `ms`, so a broken flow fails fast. */
function within(ms, promise, what) {
  let timer
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms)
  })
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}

/** SIGTERM (the server disposes the host and closes), SIGKILL if it lingers. */
async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return
  const exited = once(server, 'exit')
  server.kill('SIGTERM')
  const timer = setTimeout(() => server.kill('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}

before(async () => {
  base = await startServer()
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
})

after(async () => {
  await browser?.close()
  await stopServer()
})

/** Reads `data:` frames from an SSE response until `predicate` accepts one. */
async function nextFrame(reader, state, predicate) {
  const decoder = new TextDecoder()
  for (;;) {
    let end = state.buffer.indexOf('\n\n')
    while (end !== -1) {
      const data = state.buffer
        .slice(0, end)
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n')
      state.buffer = state.buffer.slice(end + 2)
      if (data) {
        const frame = JSON.parse(data)
        if (predicate(frame)) return frame
      }
      end = state.buffer.indexOf('\n\n')
    }
    const { value, done } = await reader.read()
    if (done) throw new Error('the event stream ended')
    state.buffer += decoder.decode(value, { stream: true })
  }
}

test('the built page is served as static files', async () => {
  const page = await fetch(`${base}/`)
  assert.equal(page.status, 200)
  assert.match(page.headers.get('content-type'), /^text\/html/)
  const html = await page.text()
  const script = /<script type="module"[^>]* src="([^"]+\.js)"/.exec(html)?.[1]
  assert.ok(script, 'index.html names its bundle')
  const bundle = await fetch(`${base}${script}`)
  assert.equal(bundle.status, 200)
  assert.match(bundle.headers.get('content-type'), /javascript/)
})

test('GET /api/mux with Accept: text/event-stream streams mux/hello, then mux/ready', {
  timeout: 15_000,
}, async () => {
  const stop = new AbortController()
  const stream = await fetch(`${base}/api/mux?session=demo`, {
    headers: { accept: 'text/event-stream' },
    signal: stop.signal,
  })
  try {
    assert.equal(stream.status, 200)
    assert.match(stream.headers.get('content-type'), /^text\/event-stream/)
    const reader = stream.body.getReader()
    const state = { buffer: '' }
    // First the host's clock and instance, then (nothing pending) mux/ready.
    const hello = await nextFrame(reader, state, () => true)
    assert.equal(hello.type, 'mux/hello')
    assert.equal(typeof hello.now, 'number')
    assert.equal(typeof hello.instance, 'string')
    const frame = await nextFrame(reader, state, () => true)
    assert.equal(frame.type, 'mux/ready')
  } finally {
    stop.abort()
  }
  // Without the header the host, not Hono, answers: the WebSocket mux needs attach().
  const plain = await fetch(`${base}/api/mux?session=demo`)
  assert.equal(plain.status, 426)
  assert.equal((await plain.json()).code, 'UPGRADE_REQUIRED')
})

test('POST /api/mux is the host’s probe: SSE is offered, a session not allowed is refused', async () => {
  const allowed = await fetch(`${base}/api/mux?session=demo`, { method: 'POST' })
  assert.equal(allowed.status, 200)
  assert.deepEqual(await allowed.json(), { ok: true, transports: ['sse'] })
  const refused = await fetch(`${base}/api/mux?session=other`, { method: 'POST' })
  assert.equal(refused.status, 403)
  assert.equal((await refused.json()).code, 'SESSION_NOT_ACCESSIBLE')
})

/** One request with headers fetch cannot set (`Host`); resolves with the status and the JSON code. */
function rawRequest(path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers, setHost: !('host' in headers) })
    req.on('response', (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        text += chunk
      })
      res.on('end', () =>
        resolve({ status: res.statusCode, code: /"code":"(\w+)"/.exec(text)?.[1] }),
      )
    })
    req.on('error', reject)
    req.end(body)
  })
}

test('a rebound Host is refused on every route, and the agent route has the host’s fences', async () => {
  const port = new URL(base).port
  const rebound = { host: `evil.example:${port}`, origin: `http://evil.example:${port}` }
  const json = { 'content-type': 'application/json' }
  const routes = [
    ['/api/mux?session=demo', { headers: { ...rebound, accept: 'text/event-stream' } }],
    ['/api/mux?session=demo', { method: 'POST', headers: rebound }],
    ['/api/respond', { method: 'POST', headers: { ...rebound, ...json }, body: '{}' }],
    ['/api/ask', { method: 'POST', headers: { ...rebound, ...json }, body: '{}' }],
  ]
  for (const [path, init] of routes)
    assert.deepEqual(await rawRequest(path, init), { status: 403, code: 'HOST_NOT_ALLOWED' }, path)
  // A cross-site form can send text/plain without a preflight; the agent route refuses it.
  const form = await rawRequest('/api/ask', {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: '{}',
  })
  assert.deepEqual(form, { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' })
  const foreign = await rawRequest('/api/ask', {
    method: 'POST',
    headers: { ...json, origin: 'https://evil.example' },
    body: '{}',
  })
  assert.deepEqual(foreign, { status: 403, code: 'ORIGIN_NOT_ALLOWED' })
  // The loopback name still gets in.
  const local = await rawRequest('/api/mux?session=demo', {
    method: 'POST',
    headers: { host: `localhost:${port}` },
  })
  assert.equal(local.status, 200)
})

test('an agent that hangs up on POST /api/ask aborts its question', {
  timeout: 15_000,
}, async () => {
  const stop = new AbortController()
  const stream = await fetch(`${base}/api/mux?session=demo`, {
    headers: { accept: 'text/event-stream' },
    signal: stop.signal,
  })
  const reader = stream.body.getReader()
  const state = { buffer: '' }
  try {
    await nextFrame(reader, state, (frame) => frame.type === 'mux/ready')
    const hangUp = new AbortController()
    const asked = fetch(`${base}/api/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: hangUp.signal,
    })
    asked.catch(() => {}) // rejects with the abort below
    const requested = await nextFrame(reader, state, (f) => f.type === 'question/requested')
    hangUp.abort()
    // Hono's Node server aborts `c.req.raw.signal`, which the ask was given.
    const resolved = await nextFrame(reader, state, (f) => f.type === 'question/resolved')
    assert.equal(resolved.rpcId, requested.rpcId)
    assert.equal(resolved.outcome, 'aborted')
  } finally {
    stop.abort()
  }
})

test('in Chromium the agent’s question takes the chat input’s place and its answer reaches the agent', {
  timeout: 30_000,
}, async () => {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    page.setDefaultTimeout(10_000)
    const errors = []
    page.on('pageerror', (error) => errors.push(error))
    // How the client got its downlink: a WebSocket first (the default 'auto').
    const sockets = []
    page.on('websocket', (socket) => sockets.push(socket.url()))
    const muxRequests = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/mux') muxRequests.push(request.method())
    })
    await page.goto(`${base}/`)

    const chatInput = page.getByRole('textbox', { name: 'Message' })
    await chatInput.waitFor()
    await page.getByRole('status').filter({ hasText: 'Connection: open' }).waitFor()
    // Hono answers no upgrade: one WebSocket attempt, the probe, then SSE, remembered
    // for the page (StrictMode's second client goes straight to SSE).
    assert.deepEqual(sockets, [`${base.replace('http', 'ws')}/api/mux?session=demo`])
    assert.equal(muxRequests[0], 'POST')
    assert.ok(
      muxRequests.slice(1).every((method) => method === 'GET'),
      muxRequests.join(),
    )
    assert.ok(muxRequests.length >= 2, muxRequests.join())

    // The agent asks and waits; the promise is awaited after the answer.
    const asked = fetch(`${base}/api/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).then(async (reply) => ({
      status: reply.status,
      body: await reply.json(),
    }))
    asked.catch(() => {}) // awaited below; this only keeps an early failure from going unhandled

    const heading = page.getByRole('heading', { name: QUESTION })
    await heading.waitFor()
    await chatInput.waitFor({ state: 'hidden' })

    await page.getByRole('radio', { name: /^Amber/ }).click()
    await page.getByRole('radio', { name: /^Amber/, checked: true }).waitFor()
    await page.getByRole('button', { name: 'Submit' }).click()

    assert.deepEqual(await within(10_000, asked, 'POST /api/ask'), {
      status: 200,
      body: { answers: [{ id: 'colour', selected: ['Amber'] }] },
    })
    // The question is resolved and the chat input comes back.
    await chatInput.waitFor()
    await heading.waitFor({ state: 'detached' })
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})
