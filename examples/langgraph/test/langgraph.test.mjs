// Starts the built server (`node dist/server/main.js` on a free port), then,
// in Chromium, sends the agent a note three times and answers as a person
// would: the real LangGraph agent (createAgent with LangChain's
// human-in-the-loop middleware and its scripted fakeModel) asks where to save
// the note through askUser() and then waits for its save_note approval, and
// runWithParley resumes it with each answer. The test reads what the tool
// did and what the model was told in the page's transcript. `npm test`
// builds first.
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
const FILE_QUESTION = 'Which file should I save your note to?'
const APPROVAL = 'Run save_note?'

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
async function openChat(context) {
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  const errors = []
  page.on('pageerror', (error) => errors.push(error))
  await page.goto(`${base}/`)
  await page.getByRole('status').filter({ hasText: 'Connection: open' }).waitFor()
  return { page, errors, card: page.locator(CARD) }
}

/** Sends `note`, answers where to save it with `file`, and waits for the approval card. */
async function sendAndChoose(page, card, note, file) {
  await page.getByRole('textbox', { name: 'Message' }).fill(note)
  await page.getByRole('button', { name: 'Send' }).click()
  await card.getByRole('heading', { name: FILE_QUESTION }).waitFor()
  await card.getByRole('radio', { name: file }).click()
  await card.getByRole('button', { name: 'Submit' }).click()
  await card.getByRole('heading', { name: APPROVAL }).waitFor()
}

/** The line of the page's transcript that says `text`. */
const line = (page, text) =>
  page.getByRole('list', { name: 'Transcript' }).getByRole('listitem').filter({ hasText: text })

/** Every line of the transcript after the last "You:" line. */
async function lastRun(page) {
  const lines = await page
    .getByRole('list', { name: 'Transcript' })
    .getByRole('listitem')
    .allInnerTexts()
  return lines.slice(lines.findLastIndex((text) => text.startsWith('You:')))
}

test('a question, then the save approved: the tool runs with the model’s arguments', {
  timeout: 60_000,
}, async () => {
  const context = await browser.newContext()
  try {
    const { page, errors, card } = await openChat(context)
    await sendAndChoose(page, card, 'Buy milk', 'todo.md')
    // Only the decisions the middleware allows, and the call's arguments.
    for (const name of ['Approve', 'Edit', 'Reject'])
      await card.getByRole('button', { name, exact: true }).waitFor()
    await card.getByText('todo.md').first().waitFor()
    // Each decision is a button of its own, sent as it is pressed.
    await card.getByRole('button', { name: 'Approve', exact: true }).click()

    await line(page, 'The agent finished.').waitFor()
    assert.deepEqual(await lastRun(page), [
      'You: Buy milk',
      'Tool call: ask_user {"question":"Which file should I save your note to?","options":["notes.md","todo.md"]}',
      'Tool result: ask_user: todo.md',
      'Tool call: save_note {"path":"todo.md","text":"Buy milk"}',
      'Tool result: save_note: Saved "Buy milk" to todo.md',
      'Agent: Done. The tool said: Saved "Buy milk" to todo.md',
      'Run: The agent finished.',
    ])
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('the save edited: the tool runs with the arguments the person typed', {
  timeout: 60_000,
}, async () => {
  const context = await browser.newContext()
  try {
    const { page, errors, card } = await openChat(context)
    await sendAndChoose(page, card, 'Buy milk', 'notes.md')
    // Edit opens the arguments as a form (from the tool's schema), filled with the model's.
    await card.getByRole('button', { name: 'Edit', exact: true }).click()
    const text = card.getByRole('textbox', { name: /^text/i })
    assert.equal(await text.inputValue(), 'Buy milk')
    await text.fill('Buy oat milk')
    await card.getByRole('button', { name: 'Allow with these arguments' }).click()

    await line(page, 'The agent finished.').waitFor()
    const run = await lastRun(page)
    assert.ok(
      run.includes('Tool result: save_note: Saved "Buy oat milk" to notes.md'),
      run.join('\n'),
    )
    assert.equal(run.at(-2), 'Agent: Done. The tool said: Saved "Buy oat milk" to notes.md')
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('the save rejected with a typed reason, which the model reads instead of a result', {
  timeout: 60_000,
}, async () => {
  const context = await browser.newContext()
  try {
    const { page, errors, card } = await openChat(context)
    await sendAndChoose(page, card, 'Buy milk', 'notes.md')
    // Reject opens its optional reason; Confirm deny sends it.
    await card.getByRole('button', { name: 'Reject', exact: true }).click()
    await card
      .getByRole('textbox', { name: `${APPROVAL} Reason (optional)` })
      .fill('Not in my notes, please')
    await card.getByRole('button', { name: 'Confirm deny' }).click()

    await line(page, 'The agent finished.').waitFor()
    const run = await lastRun(page)
    assert.ok(run.includes('Tool result: save_note: Not in my notes, please'), run.join('\n'))
    assert.ok(!run.some((text) => text.includes('Saved')), run.join('\n'))
    assert.equal(run.at(-2), 'Agent: Done. The tool said: Not in my notes, please')
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})
