// Runs the production build (`next start` on a free port) and checks it the
// way a visitor and an agent would: the server-rendered HTML, the composer in
// Chromium, and the host's routes. `npm test` builds first.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { createServer } from 'node:net'
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

let server
let base

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

async function waitUntilUp(url, ms) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`next start did not answer ${url} within ${ms} ms`)
}

before(async () => {
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  server = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'],
    {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  await waitUntilUp(`${base}/`, 30_000)
})

after(() => {
  server?.kill()
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

test('the home page is server-rendered with the composer in it', async () => {
  const html = await (await fetch(`${base}/`)).text()
  assert.match(html, /data-scope="question-composer"/)
  assert.match(html, /Which accent colour should the app use\?/)
  for (const label of ['Indigo', 'Teal', 'Amber']) assert.match(html, new RegExp(label))
})

test('the connection page renders on the server with a client created during render', async () => {
  const response = await fetch(`${base}/connection`)
  assert.equal(response.status, 200)
  const html = await response.text()
  assert.match(html, /<textarea aria-label="Message"/)
  // The server-rendered client never started: `idle`, and the banner is empty.
  assert.match(html, /Connection: <!-- -->idle/)
  assert.match(html, /data-scope="connection-banner"[^>]*data-state="idle"/)
})

test('the mux probe answers through the route handler', async () => {
  const response = await fetch(`${base}/api/mux?session=demo`, { method: 'POST' })
  assert.equal(response.status, 200)
  assert.deepEqual(await response.json(), { ok: true, transports: ['sse'] })
})

test('in Chromium the question and its options show, and a chosen option is sent', async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
  try {
    const page = await browser.newPage()
    const errors = []
    page.on('pageerror', (error) => errors.push(error))
    await page.goto(`${base}/`)
    // Clicks before hydration would be lost: wait until React owns the card.
    await page.waitForFunction(() => {
      const root = document.querySelector('[data-scope="question-composer"][data-part="root"]')
      return root !== null && Object.keys(root).some((key) => key.startsWith('__react'))
    })

    const heading = page.getByRole('heading', { name: 'Which accent colour should the app use?' })
    await heading.waitFor()
    for (const label of ['Indigo', 'Teal', 'Amber'])
      assert.ok(await page.getByRole('radio', { name: new RegExp(label) }).isVisible())

    const teal = page.getByRole('radio', { name: /Teal/ })
    await teal.click()
    await page.waitForFunction(
      () => document.querySelector('[role="radio"][aria-checked="true"]')?.textContent,
    )
    assert.equal(await teal.getAttribute('aria-checked'), 'true')

    await page.getByRole('button', { name: /Submit/ }).click()
    await page.getByTestId('answer').filter({ hasText: 'Teal' }).waitFor()
    assert.deepEqual(JSON.parse(await page.getByTestId('answer').textContent()), {
      answers: [{ id: 'colour', selected: ['Teal'] }],
    })
    assert.deepEqual(errors, [])
  } finally {
    await browser.close()
  }
})

test('in Chromium a question the agent asks takes over the chat input over SSE and is answered', async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
  try {
    const page = await browser.newPage()
    const errors = []
    page.on('pageerror', (error) => errors.push(error))
    // A clean console: no error and no warning (a missing route would say so).
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        errors.push(`${message.text()} (${message.location().url})`)
    })
    await page.goto(`${base}/connection`)
    await page.getByTestId('connection').filter({ hasText: 'open' }).waitFor()
    // The agent, in the Next server, asks and waits for the answer.
    const asked = fetch(`${base}/api/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).then((response) => response.json())
    const heading = page.getByRole('heading', { name: 'Which accent colour should the app use?' })
    await heading.waitFor()
    assert.equal(await page.getByRole('textbox', { name: 'Message' }).isVisible(), false)
    // The ask has a 60 s deadline: More time, through the catch-all route, moves it.
    await page.getByText(/^Waiting (\d+ sec|1 min( \d+ sec)?) more$/).waitFor()
    const extended = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/extend' && response.status() === 200,
    )
    await page.getByRole('button', { name: 'More time' }).click()
    assert.deepEqual(Object.keys(await (await extended).json()).sort(), ['deadlineAt', 'extended'])
    await page.getByText(/Waiting [56] min more/).waitFor()
    await page.getByRole('radio', { name: /Amber/ }).click()
    await page.getByRole('button', { name: /Submit/ }).click()
    assert.deepEqual(await asked, {
      ok: true,
      answer: { answers: [{ id: 'colour', selected: ['Amber'] }] },
    })
    // The question is resolved and the chat input comes back.
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    assert.deepEqual(errors, [])
  } finally {
    await browser.close()
  }
})

/** Reads `data:` frames from an SSE response until `predicate` accepts one. */
async function nextFrame(reader, state, predicate) {
  const decoder = new TextDecoder()
  for (;;) {
    let end = state.buffer.indexOf('\n\n')
    while (end !== -1) {
      const event = state.buffer.slice(0, end)
      state.buffer = state.buffer.slice(end + 2)
      const data = event
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n')
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

test('route handlers serve the SSE mux and the respond route with host.fetch', async () => {
  const stop = new AbortController()
  const stream = await fetch(`${base}/api/mux?session=demo`, {
    headers: { accept: 'text/event-stream' },
    signal: stop.signal,
  })
  assert.equal(stream.status, 200)
  assert.match(stream.headers.get('content-type'), /^text\/event-stream/)
  const reader = stream.body.getReader()
  const state = { buffer: '' }
  try {
    await nextFrame(reader, state, (frame) => frame.type === 'mux/ready')

    const asked = fetch(`${base}/api/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).then((reply) => reply.json())
    const requested = await nextFrame(reader, state, (f) => f.type === 'question/requested')
    assert.equal(requested.sessionId, 'demo')
    assert.equal(requested.questions[0].id, 'colour')

    const receipt = await fetch(`${base}/api/respond`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        rpcId: requested.rpcId,
        sessionId: 'demo',
        result: { ok: true, answer: { answers: [{ id: 'colour', selected: ['Amber'] }] } },
      }),
    })
    assert.deepEqual(await receipt.json(), { accepted: true })
    const resolved = await nextFrame(reader, state, (f) => f.type === 'question/resolved')
    assert.equal(resolved.rpcId, requested.rpcId)
    assert.equal(resolved.outcome, 'answered')
    assert.deepEqual(await asked, {
      ok: true,
      answer: { answers: [{ id: 'colour', selected: ['Amber'] }] },
    })
  } finally {
    stop.abort()
  }
})
