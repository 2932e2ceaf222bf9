// Starts the mock Messages API and the built server (`node dist/server/main.js`
// on a free port, with ANTHROPIC_BASE_URL pointing at the mock and a dummy
// key), then, in Chromium, sends Claude a task three times and answers as a
// person would: the real Claude Code CLI, run by the SDK's real query(),
// asks its AskUserQuestion and Bash permission through createCanUseTool, and
// the test checks byte for byte the tool results the CLI sent back to the
// mock. `npm test` builds first.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { chromium } from 'playwright'
import {
  CHECKS_QUESTION,
  CLOSING_TEXT,
  DATABASE_QUESTION,
  POSTGRES_PREVIEW,
  SQLITE_PREVIEW,
  startMockMessagesApi,
} from './mock-messages-api.mjs'

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
/**
 * How Claude Code words an AskUserQuestion result for the model: answers that
 * are all option labels (a multi-select's joined with ", ") read as plain
 * choices; typed text anywhere (notes, an Other answer) adds a warning.
 */
const chosen = (answers) =>
  `Your questions have been answered: ${answers}. You can now continue with these answers in mind.`
const typed = (answers) =>
  `The user answered: ${answers}. Read the answers carefully — they may request clarification, changes, or that you not proceed — and follow what they actually say.`
/** The screenshots go here when PARLEY_SCREENSHOTS names a folder. */
const SHOTS = process.env.PARLEY_SCREENSHOTS

let mock
let server
let browser
let base
let scratch

/** Starts the server with `PORT=0` and resolves with the URL it prints. */
function startServer(env) {
  server = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
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
  // Claude Code gets a home and a working folder of its own: nothing of this
  // machine's configuration is read, and nothing is left behind.
  scratch = mkdtempSync(join(tmpdir(), 'parley-claude-test-'))
  const home = join(scratch, 'home')
  const cwd = join(scratch, 'project')
  for (const dir of [home, cwd]) mkdirSync(dir)
  mock = await startMockMessagesApi()
  base = await startServer({
    HOME: home,
    CLAUDE_CWD: cwd,
    ANTHROPIC_BASE_URL: mock.url,
    ANTHROPIC_API_KEY: 'sk-ant-mock-not-a-key',
  })
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
})

after(async () => {
  await browser?.close()
  await stopServer()
  await mock?.close()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
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

/** Sends the prompt in the message box and waits for Claude's first card. */
async function send(page, card) {
  await page.getByRole('button', { name: 'Send' }).click()
  await card.getByRole('heading', { name: DATABASE_QUESTION }).waitFor()
}

/** Answers Claude's two questions with one choice each. */
async function answerQuickly(card) {
  await card.getByRole('radio', { name: 'SQLite' }).click()
  await card.getByRole('heading', { name: CHECKS_QUESTION }).waitFor()
  await card.getByRole('checkbox', { name: 'Type check' }).click()
  await card.getByRole('button', { name: 'Submit' }).click()
}

/** Waits for the approval card of Claude's Bash call. */
async function approvalCard(card) {
  await card.getByRole('heading', { name: 'Allow Claude to use Bash?' }).waitFor()
}

/** The line of the page's transcript that says `text`. */
const line = (page, text) =>
  page.getByRole('list', { name: 'Transcript' }).getByRole('listitem').filter({ hasText: text })

/** The tool results the mock received for conversation `n`, by tool. */
function resultsOf(n) {
  const of = (id) => mock.toolResults.filter((result) => result.tool_use_id === id)
  return { ask: of(`toolu_ask_${n}`), bash: of(`toolu_bash_${n}`) }
}

test('Claude’s questions answered with a preview and notes, and Bash allowed once', {
  timeout: 40_000,
}, async () => {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } })
  try {
    const { page, errors, card } = await openChat(context)
    await send(page, card)

    // The focused option's preview shows beside the options, the others' hide:
    // the arrow key moves focus to SQLite without choosing it.
    const postgres = card.getByRole('radio', { name: 'PostgreSQL' })
    const sqlite = card.getByRole('radio', { name: 'SQLite' })
    await card.getByText('image: postgres:16').waitFor()
    await postgres.focus()
    await page.keyboard.press('ArrowDown')
    await card.getByText("new Database('app.db')").waitFor()
    assert.equal(await card.getByText('image: postgres:16').isVisible(), false)
    assert.equal(await sqlite.isChecked(), false)
    if (SHOTS) await card.screenshot({ path: join(SHOTS, 'question-with-preview.png') })
    await page.keyboard.press('ArrowUp')
    await card.getByText('image: postgres:16').waitFor()
    // Choosing an option of a single choice moves on to the next question.
    await postgres.click()

    // The multi-select, with typed notes beside the chosen labels.
    await card.getByRole('heading', { name: CHECKS_QUESTION }).waitFor()
    await card.getByRole('checkbox', { name: 'Lint' }).click()
    await card.getByRole('checkbox', { name: 'Unit tests' }).click()
    await card
      .getByRole('textbox', { name: `${CHECKS_QUESTION} Other answer` })
      .fill('Only on changed files')
    await card.getByRole('button', { name: 'Submit' }).click()

    await approvalCard(card)
    if (SHOTS) await card.screenshot({ path: join(SHOTS, 'approval.png') })
    // Each decision is a button that sends it.
    await card.getByRole('button', { name: 'Allow once', exact: true }).click()

    await line(page, `Claude: ${CLOSING_TEXT}`).waitFor()
    await page.getByRole('textbox', { name: 'Message' }).waitFor()

    const { ask, bash } = resultsOf(1)
    assert.deepEqual(ask, [
      {
        tool_use_id: 'toolu_ask_1',
        content: typed(
          `"${DATABASE_QUESTION}"="PostgreSQL" selected preview:\n${POSTGRES_PREVIEW}, "${CHECKS_QUESTION}"="Lint, Unit tests" notes: Only on changed files`,
        ),
        is_error: undefined,
      },
    ])
    assert.deepEqual(bash, [
      { tool_use_id: 'toolu_bash_1', content: 'created README.md', is_error: false },
    ])
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('a second run: Bash denied with a typed reason, which Claude reads', {
  timeout: 40_000,
}, async () => {
  const context = await browser.newContext()
  try {
    const { page, errors, card } = await openChat(context)
    await send(page, card)
    await answerQuickly(card)

    await approvalCard(card)
    // Deny opens an optional reason; Confirm deny sends the deny with it.
    await card.getByRole('button', { name: 'Deny', exact: true }).click()
    await card
      .getByRole('textbox', { name: 'Allow Claude to use Bash? Reason (optional)' })
      .fill('Do not touch the repository yet')
    await card.getByRole('button', { name: 'Confirm deny' }).click()
    await line(page, `Claude: ${CLOSING_TEXT}`).waitFor()

    const { ask, bash } = resultsOf(2)
    assert.deepEqual(ask, [
      {
        tool_use_id: 'toolu_ask_2',
        content: chosen(
          `"${DATABASE_QUESTION}"="SQLite" selected preview:\n${SQLITE_PREVIEW}, "${CHECKS_QUESTION}"="Type check"`,
        ),
        is_error: undefined,
      },
    ])
    assert.deepEqual(bash, [
      {
        tool_use_id: 'toolu_bash_2',
        content: 'The person denied this tool call: Do not touch the repository yet',
        is_error: true,
      },
    ])
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('a third run: Deny and stop ends Claude’s run, and nothing more is asked of the model', {
  timeout: 40_000,
}, async () => {
  const context = await browser.newContext()
  try {
    const { page, errors, card } = await openChat(context)
    await send(page, card)
    await answerQuickly(card)
    await approvalCard(card)
    await card.getByRole('button', { name: 'Deny and stop', exact: true }).click()

    // The SDK's interrupt: the CLI ends the turn instead of asking the model again.
    await line(page, 'Run: Claude stopped.').waitFor()
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    assert.equal(resultsOf(3).ask.length, 1)
    assert.deepEqual(resultsOf(3).bash, [])
    assert.equal(await line(page, `Claude: ${CLOSING_TEXT}`).count(), 0)
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})
