// Starts the built server (`node dist/server/main.js` on a free port; the
// agent runs on its scripted model, no key, no network), then, in Chromium,
// sends the release agent a task three times and answers as a person would:
// the real @openai/agents Runner, driven by runWithParley, asks its
// ask_user_question and the approval of its deploy call, and the page's
// transcript shows what the model read back. `npm test` builds first.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
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
const CARD = '[data-scope="question-composer"][data-part="root"]'
const QUESTION = 'Where should I deploy the api?'
const APPROVAL = 'Allow Release bot to run deploy?'

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
    const timer = setTimeout(() => reject(new Error(`no URL within 20 s: ${output}`)), 20_000)
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

/** A page with the chat open and connected; page errors are collected in `errors`. */
async function openChat() {
  const context = await browser.newContext()
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  const errors = []
  page.on('pageerror', (error) => errors.push(error))
  await page.goto(`${base}/`)
  await page.getByRole('status').filter({ hasText: 'Connection: open' }).waitFor()
  return { context, page, errors, card: page.locator(CARD) }
}

/** Sends the task, answers the agent's question with `environment`, and waits for the approval card. */
async function sendAndPick(page, card, environment) {
  await page.getByRole('button', { name: 'Send' }).click()
  await card.getByRole('heading', { name: QUESTION }).waitFor()
  await card.getByRole('radio', { name: environment }).click()
  await card.getByRole('button', { name: 'Submit' }).click()
  await card.getByRole('heading', { name: APPROVAL }).waitFor()
}

/** The line of the page's transcript that says `text`. */
const line = (page, text) =>
  page.getByRole('list', { name: 'Transcript' }).getByRole('listitem').filter({ hasText: text })

test('the agent’s question answered, and its deploy allowed once', {
  timeout: 60_000,
}, async () => {
  const { context, page, errors, card } = await openChat()
  try {
    await sendAndPick(page, card, 'Staging')
    // The call's parsed arguments are on the card.
    await card.getByText('staging').first().waitFor()
    // Each decision is a button of its own, sent as it is pressed.
    await card.getByRole('button', { name: 'Allow once', exact: true }).click()

    await line(page, 'Agent: The deploy tool said: deployed api to staging').waitFor()
    await line(page, 'Run: The agent finished.').waitFor()
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('the deploy denied with a typed reason, which the model reads', {
  timeout: 60_000,
}, async () => {
  const { context, page, errors, card } = await openChat()
  try {
    await sendAndPick(page, card, 'Production')
    // Deny opens its optional reason; Confirm deny sends it.
    await card.getByRole('button', { name: 'Deny', exact: true }).click()
    await card
      .getByRole('textbox', { name: `${APPROVAL} Reason (optional)` })
      .fill('Not on a Friday')
    await card.getByRole('button', { name: 'Confirm deny' }).click()

    await line(
      page,
      'Agent: The deploy tool said: The person denied this call of deploy: Not on a Friday',
    ).waitFor()
    assert.equal(await line(page, 'deployed api to production').count(), 0)
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('Deny without a reason: the call is rejected and nothing deploys', {
  timeout: 60_000,
}, async () => {
  const { context, page, errors, card } = await openChat()
  try {
    await sendAndPick(page, card, 'Production')
    await card.getByRole('button', { name: 'Deny', exact: true }).click()
    await card.getByRole('button', { name: 'Confirm deny' }).click()

    await line(
      page,
      'Agent: The deploy tool said: The person denied this call of deploy.',
    ).waitFor()
    assert.equal(await line(page, 'deployed api to production').count(), 0)
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})
