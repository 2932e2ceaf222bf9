// Serves the production build (`vite preview` on a free port) and talks to
// the scripted model in Debian's Chromium the way a user would: the question
// card appears in the thread, the user answers or dismisses it, and the
// model's next reply quotes the tool result it received. `npm test` builds
// first.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
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
const WAIT = { timeout: 10_000 }
const FRAMEWORK = 'Which framework should the starter use?'

let server
let browser
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
    if (server.exitCode !== null) throw new Error(`vite preview exited with ${server.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`vite preview did not answer ${url} within ${ms} ms`)
}

before(async () => {
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  server = spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  )
  await waitUntilUp(`${base}/`, 15_000)
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
})

after(async () => {
  await browser?.close()
  server?.kill()
})

/**
 * Opens the app in a fresh context (no drafts carried over), collects page
 * errors, runs `steps` and closes the context, pass or fail.
 */
async function asUser(steps) {
  const context = await browser.newContext()
  const errors = []
  try {
    const page = await context.newPage()
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console.error: ${message.text()}`)
    })
    await page.goto(base)
    await steps(page)
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
}

/** Sends a chat message and returns the question card that should appear in the thread. */
async function send(page, text) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text)
  await page.getByRole('button', { name: 'Send' }).click()
  return page.getByRole('log', { name: 'Conversation' })
}

/** The assistant's text reply, once it contains `text`. */
async function replyContaining(page, text) {
  const reply = page
    .locator('[data-message-role="assistant"] .message-text')
    .filter({ hasText: text })
  await reply.waitFor(WAIT)
  return reply.textContent()
}

test('the question card appears in the thread and the model reads the answers', async () => {
  await asUser(async (page) => {
    const thread = await send(page, 'Help me start a project')
    const card = thread.getByRole('region', { name: 'Question from the assistant' })
    await card.getByRole('heading', { name: FRAMEWORK }).waitFor(WAIT)

    await card.getByRole('radio', { name: 'Next.js' }).click()
    await card.getByRole('heading', { name: 'Which features do you want?' }).waitFor(WAIT)
    await card.getByRole('checkbox', { name: 'Auth' }).click()
    await card.getByRole('checkbox', { name: 'Analytics' }).click()
    assert.equal(
      await card.getByRole('checkbox', { name: 'Analytics' }).getAttribute('aria-checked'),
      'true',
    )
    await card.getByRole('button', { name: 'Next', exact: true }).click()
    await card.getByRole('heading', { name: 'What should the project be called?' }).waitFor(WAIT)
    await card.getByRole('textbox', { name: 'Your answer' }).fill('Parley')
    await card.getByRole('button', { name: 'Submit', exact: true }).click()

    const reply = await replyContaining(page, 'The ask_user_question result I read:')
    assert.equal(
      reply,
      [
        'Thanks, I will set the project up with these answers.',
        '',
        'The ask_user_question result I read:',
        'The user answered 3 of 3 question(s).',
        `- stack ("${FRAMEWORK}"): selected "Next.js"`,
        '- features ("Which features do you want?"): selected "Auth", "Analytics"',
        '- name ("What should the project be called?"): wrote "Parley"',
      ].join('\n'),
    )
    // The card stays in the thread, settled: it takes no more input.
    await card.getByText('Answered').waitFor(WAIT)
    assert.equal(await card.getAttribute('data-state'), 'settled')
    assert.equal(
      await card.getByRole('button', { name: 'Previous question' }).getAttribute('aria-disabled'),
      'true',
    )
  })
})

test('dismissing the card reaches the model as a cancel, not as consent', async () => {
  await asUser(async (page) => {
    const thread = await send(page, 'Help me start a project')
    const card = thread.getByRole('region', { name: 'Question from the assistant' })
    await card.getByRole('heading', { name: FRAMEWORK }).waitFor(WAIT)
    await card.getByRole('radio', { name: 'Remix' }).click()

    await card.getByRole('button', { name: 'Dismiss question' }).click()
    await card.getByRole('button', { name: 'Discard' }).click()

    const reply = await replyContaining(page, 'The ask_user_question result I read:')
    assert.equal(
      reply,
      [
        'You dismissed the question, so I will not assume any answer and I will not go ahead.',
        '',
        'The ask_user_question result I read:',
        'The user cancelled the question (ASK_CANCELLED). A cancel is not consent: do not assume any answer and do not proceed as if approved.',
      ].join('\n'),
    )
    await card.getByText('Dismissed').waitFor(WAIT)
    assert.equal(await card.getAttribute('data-state'), 'settled')
  })
})

test('input the card cannot show goes back to the model as INVALID_INPUT, without a card', async () => {
  await asUser(async (page) => {
    const thread = await send(page, 'Ask me with bad input')
    const reply = await replyContaining(page, 'The ask_user_question result I read:')
    assert.match(reply, /^My question could not be shown; I will fix it and ask again\./)
    assert.match(
      reply,
      /The tool input was invalid \(INVALID_INPUT\): .*questions\.0\.options\.0\.label: expected string.* Fix the input and call ask_user_question again\./,
    )
    await thread.locator('[data-tool-error="INVALID_INPUT"]').waitFor(WAIT)
    assert.equal(
      await thread.getByRole('region', { name: 'Question from the assistant' }).count(),
      0,
    )
  })
})

test('a message sent while the card is open settles it: the assistant stopped waiting', async () => {
  await asUser(async (page) => {
    const thread = await send(page, 'Help me start a project')
    const cards = thread.getByRole('region', { name: 'Question from the assistant' })
    await cards.first().getByRole('heading', { name: FRAMEWORK }).waitFor(WAIT)

    await send(page, 'Never mind, use the defaults')
    const first = cards.first()
    await first.getByText('The assistant stopped waiting').waitFor(WAIT)
    assert.equal(await first.getAttribute('data-state'), 'settled')
    assert.equal(
      await first.getByRole('radio', { name: 'Next.js' }).getAttribute('aria-disabled'),
      'true',
    )
    // The new turn asks again, in a card of its own that takes input.
    const second = cards.nth(1)
    await second.getByRole('radio', { name: 'Next.js' }).waitFor(WAIT)
    assert.equal(await cards.count(), 2)
    assert.equal(await second.getAttribute('data-state'), 'answering')
    assert.equal(
      await second.getByRole('radio', { name: 'Next.js' }).getAttribute('aria-disabled'),
      null,
    )
  })
})
