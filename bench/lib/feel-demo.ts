/**
 * B5's figures on the demo page: layout shift of the takeover and the hand
 * back, long tasks of a keyboard traversal, and the heap after many batches.
 */
import type { Page } from 'playwright'
import type { AskUserQuestionItem } from '../../packages/seam/src/index.ts'
import type { Shift } from '../page/b5/paint.ts'
import {
  planBatch,
  SESSION,
  STEP_KINDS,
  setupBatch,
  tenBatch,
  traversalBatch,
} from './feel-batches.ts'
import type { FeelServer } from './feel-server.ts'
import { grewMost, heapKinds, retainedBytes } from './heap-snapshot.ts'
import { entry } from './results.ts'
import { sleep } from './stats.ts'
import { rendererTasks } from './trace.ts'

/** A takeover or a hand back is over once the page went this long without a change or a shift. */
const QUIET_MS = 250

/**
 * Asks `questions` and resolves once their card is painted, with the ask's
 * promise in an object (returned bare, it would be awaited too).
 */
async function askAndShow(page: Page, server: FeelServer, questions: AskUserQuestionItem[]) {
  await page.evaluate((text) => window.__b5demo.armCard(text), questions[0]?.question ?? '')
  const asked = server.service.ask({ sessionId: SESSION, questions })
  const sample = await page.evaluate(() => window.__b5demo.result())
  return { asked, sample }
}

const sum = (shifts: Shift[]) => shifts.reduce((total, shift) => total + shift.value, 0)

function sourcesOf(shifts: Shift[]): string {
  const names = new Set(shifts.flatMap((shift) => shift.sources))
  return names.size > 0 ? ` (moved: ${[...names].slice(0, 6).join(', ')})` : ''
}

/**
 * Layout shift from just before a question arrives until the page is quiet
 * (the Markdown chunk loaded, QUIET_MS without a change) after its card is
 * painted, and from the click that sends the answer until it is quiet after
 * the chat input is back, for each demo-like batch `rounds` times.
 * Every shift counts, those after the user's own click too.
 */
export async function takeoverShift(page: Page, server: FeelServer, rounds: number) {
  const kinds = [
    ['setup', setupBatch],
    ['plan review', planBatch],
    ['ten questions', tenBatch],
  ] as const
  const takeover: Shift[] = []
  // Shifts of the takeover window after the card's first frame: the card changing as it settles.
  const late: Shift[] = []
  const handback: Shift[] = []
  for (let round = 0; round < rounds; round++) {
    for (const [name, make] of kinds) {
      const questions = make(`${name} ${round}`)
      await page.evaluate((total) => {
        window.__b5demo.agentAsks(total)
        window.__b5demo.focusChatInput()
      }, questions.length)
      await page.evaluate((ms) => window.__b5demo.settled(ms), QUIET_MS)
      const askedAt = await page.evaluate(() => window.__b5demo.now())
      const { asked, sample } = await askAndShow(page, server, questions)
      await page.evaluate((ms) => window.__b5demo.settled(ms), QUIET_MS)
      const shifts = await page.evaluate((t) => window.__b5demo.shifts(t), askedAt)
      takeover.push(...shifts)
      late.push(...shifts.filter((shift) => shift.startTime > sample.painted))
      const sentAt = await page.evaluate(() => window.__b5demo.answer())
      await asked
      await page.evaluate((ms) => window.__b5demo.settled(ms), QUIET_MS)
      handback.push(...(await page.evaluate((t) => window.__b5demo.shifts(t), sentAt)))
    }
  }
  const all = [...takeover, ...handback]
  return entry({
    name: 'B5.takeover-cls',
    value: sum(all),
    unit: 'score',
    budget: 0,
    note: `layout-shift score in the demo layout (1280×720), ${rounds}× each of: setup (3 questions), plan review (Markdown chunk), ten questions; takeover ${sum(takeover).toFixed(4)}${sourcesOf(takeover)}, of it ${sum(late).toFixed(4)} after the card's first frame${sourcesOf(late)}; hand back ${sum(handback).toFixed(4)}${sourcesOf(handback)}; ${all.length} shifts; the harness clicks are synthetic, so none has hadRecentInput (a real Submit click would keep the hand back out of Chromium's CLS)`,
  })
}

const CARD = '[data-scope="question-composer"]'

/** A task longer than this is a long task (the Long Tasks API's threshold). */
const LONG_TASK_MS = 50

/**
 * Long tasks while a 50-question batch is traversed by real key events:
 * choose (a digit), type (text, then Enter), next (two digits on a
 * multi-select, then Enter on Next) and skip (Enter on Skip), in turn; then
 * Enter on Submit until the input is back. Judged on the renderer main
 * thread's tasks in a Chromium trace by their CPU time (a task descheduled by
 * the machine's other tenants is long in wall time only); the Long Tasks
 * API's wall-clock entries are reported beside.
 */
export async function longTasksOfTraversal(page: Page, server: FeelServer) {
  const browser = page.context().browser()
  if (!browser) throw new Error('the page has no browser to trace')
  const questions = traversalBatch('keys')
  const askedAt = await page.evaluate(() => window.__b5demo.now())
  const { asked } = await askAndShow(page, server, questions)
  const onTakeover = await page.evaluate((t) => window.__b5demo.longTasks(t), askedAt)
  await sleep(200)
  await browser.startTracing(page, { categories: ['toplevel'] })
  const startedAt = await page.evaluate(() => window.__b5demo.now())
  const started = performance.now()
  let keys = 0
  const press = async (key: string) => {
    await page.keyboard.press(key)
    keys++
  }
  // Focus goes to the part the next keys are for once question `q` is on screen.
  const focus = async (q: number, part: string, index = 0) => {
    const expected = questions[q]?.question ?? ''
    for (let attempt = 0; attempt < 100; attempt++) {
      const focused = await page.evaluate((args) => window.__b5demo.focusPart(...args), [
        part,
        index,
        expected,
      ] as const)
      if (focused) return
      await sleep(10)
    }
    throw new Error(`question ${q + 1} did not show: "${expected}"`)
  }
  for (let q = 0; q < questions.length; q++) {
    const kind = STEP_KINDS[q % STEP_KINDS.length]
    if (kind === 'choose') {
      await focus(q, 'option', 1)
      await press('2')
    } else if (kind === 'type') {
      await focus(q, 'custom-input')
      for (const char of 'fits') await press(char)
      await press('Enter')
    } else if (kind === 'next') {
      await focus(q, 'option')
      await press('1')
      await press('3')
      await focus(q, 'next')
      await press('Enter')
    } else {
      await focus(q, 'skip')
      await press('Enter')
    }
  }
  // Enter on the last question's custom answer moved focus to Submit.
  await press('Enter')
  await asked
  await page.waitForSelector(`${CARD}[data-part="root"]`, { state: 'detached' })
  const elapsed = performance.now() - started
  const wallTasks = await page.evaluate((t) => window.__b5demo.longTasks(t), startedAt)
  const tasks = rendererTasks(await browser.stopTracing())
  const long = tasks.filter((task) => task.cpu > LONG_TASK_MS)
  const most = (list: number[]) => Math.max(0, ...list).toFixed(0)
  return entry({
    name: 'B5.long-tasks',
    value: long.length,
    unit: 'tasks',
    budget: 0,
    note: `renderer main-thread tasks over ${LONG_TASK_MS} ms of CPU (trace) while 50 questions (6 options each) were traversed by ${keys} key events in ${(elapsed / 1000).toFixed(1)} s: ${tasks.length} tasks, the longest ${most(tasks.map((t) => t.cpu))} ms CPU / ${most(tasks.map((t) => t.wall))} ms wall; Long Tasks API (wall clock, reported): ${wallTasks.length}${wallTasks.length ? `, the longest ${most(wallTasks.map((t) => t.duration))} ms` : ''}; the batch's takeover: ${onTakeover.length} (reported)`,
  })
}

/**
 * The heap once `total` batches were asked, answered through the card and
 * unmounted, against the heap after the first 10, both after `warm` batches
 * that are not counted. Judged on a heap snapshot after forced GCs (V8's
 * objects and Blink's, the DOM included), without compiled code and DevTools'
 * own request records (see heap-snapshot.ts); `Runtime.getHeapUsage`, which
 * counts both, is reported. The transcript stays as it is, so only Parley's
 * memory can grow.
 */
export async function heapAfterBatches(
  page: Page,
  server: FeelServer,
  { warm, total }: { warm: number; total: number },
) {
  const cdp = await page.context().newCDPSession(page)
  // Only DevTools' own calls between the batches: a page.evaluate compiles a script in the page.
  const heap = async () => {
    await sleep(400) // the draft saver's and the slot's timers run out first
    const kinds = await heapKinds(cdp)
    const usage = await cdp.send('Runtime.getHeapUsage')
    return {
      kinds,
      retained: retainedBytes(kinds),
      usage: usage.usedSize + usage.embedderHeapUsedSize,
    }
  }
  await page.evaluate(() => window.__b5demo.measureHeapOnly())
  const run = (range: [number, number]) =>
    page.evaluate((args) => window.__b5demo.runBatches(...args), range)
  await run([1 - warm, 10])
  const first = await heap()
  await run([11, total])
  const last = await heap()
  if (server.pageAsks.answered !== warm + total || server.pageAsks.failed > 0)
    throw new Error(`heap run: ${JSON.stringify(server.pageAsks)} of ${warm + total} asks`)
  const mib = (bytes: number) => bytes / 2 ** 20
  const perBatch = (last.retained - first.retained) / (total - 10)
  return entry({
    name: 'B5.retained-heap',
    value: mib(last.retained),
    unit: 'MiB',
    baseline: mib(first.retained),
    budget: 1.1,
    budgetOnRatio: true,
    note: `heap snapshot after forced GC (V8 + Blink, without compiled code and DevTools' request records) after ${total} batches asked, answered and unmounted vs after the first 10, both after ${warm} warm-up batches: ${perBatch >= 0 ? '+' : ''}${perBatch.toFixed(0)} bytes per batch; grew most: ${grewMost(first.kinds, last.kinds, 4)}; Runtime.getHeapUsage (compiled code included, reported): ${mib(first.usage).toFixed(2)} → ${mib(last.usage).toFixed(2)} MiB`,
  })
}
