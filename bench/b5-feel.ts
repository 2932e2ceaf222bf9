/**
 * B5: what the user feels, in real Chromium (see bench/README.md for the method).
 * Paint latency of a choice and of a question's arrival against bare React
 * baselines, layout shift of the takeover, long tasks of a keyboard traversal,
 * and the heap after many batches.
 */
import type { Page } from 'playwright'
import { SESSION, setupBatch } from './lib/feel-batches.ts'
import { heapAfterBatches, longTasksOfTraversal, takeoverShift } from './lib/feel-demo.ts'
import { startFeelHarness } from './lib/feel-page.ts'
import type { FeelServer } from './lib/feel-server.ts'
import { type Entry, entry } from './lib/results.ts'
import { median, quantile } from './lib/stats.ts'
import type { ChooseTarget } from './page/b5/choose.tsx'
import type { PaintSample } from './page/b5/paint.ts'

interface Counts {
  warm: number
  samples: number
}

/** Runs `warm` + `samples` rounds of (measured, baseline), alternating which goes first. */
async function interleaved(
  { warm, samples }: Counts,
  measured: () => Promise<PaintSample>,
  baseline: () => Promise<PaintSample>,
) {
  const a: PaintSample[] = []
  const b: PaintSample[] = []
  for (let round = 0; round < warm + samples; round++) {
    const first = round % 2 === 0
    const one = await (first ? measured : baseline)()
    const two = await (first ? baseline : measured)()
    if (round < warm) continue
    a.push(first ? one : two)
    b.push(first ? two : one)
  }
  return { measured: a, baseline: b }
}

const toPaint = (samples: PaintSample[]) => samples.map((s) => s.painted - s.start)
const toRaf = (samples: PaintSample[]) => samples.map((s) => s.raf - s.start)

/** The p50 (judged on its ratio) and p95 (reported) entries of one paint figure. */
function paintEntries(
  name: string,
  budget: number,
  run: { measured: PaintSample[]; baseline: PaintSample[] },
  what: string,
): Entry[] {
  const a = toPaint(run.measured)
  const b = toPaint(run.baseline)
  const n = a.length
  const raf = `to the rAF callback alone: p50 ${median(toRaf(run.measured)).toFixed(2)} vs ${median(toRaf(run.baseline)).toFixed(2)} ms`
  return [
    entry({
      name: `${name}.p50`,
      value: median(a),
      unit: 'ms',
      baseline: median(b),
      budget,
      budgetOnRatio: true,
      note: `${what}; n=${n} each, interleaved after a warm-up; ${raf}`,
    }),
    entry({
      name: `${name}.p95`,
      value: quantile(a, 0.95),
      unit: 'ms',
      baseline: quantile(b, 0.95),
      note: `reported; n=${n}`,
    }),
  ]
}

async function chooseToNextPaint(page: Page, counts: Counts): Promise<Entry[]> {
  const click = async (which: ChooseTarget) => {
    const point = await page.evaluate((target) => window.__b5choose.arm(target), which)
    await page.mouse.click(point.x, point.y)
    return page.evaluate(() => window.__b5choose.result())
  }
  const run = await interleaved(
    counts,
    () => click('composer'),
    () => click('bare'),
  )
  return paintEntries(
    'B5.choose-to-next-paint',
    1.5,
    run,
    'click on an option of a single-select question (8 options with descriptions) → the next question painted: QuestionComposer vs a bare React radio list',
  )
}

async function frameToCardPaint(page: Page, server: FeelServer, counts: Counts) {
  let n = 0
  // Each sample starts from a page at rest: the last hand back's work (focus, the draft
  // saver's timer, the transcript) is done.
  const atRest = () => page.evaluate(() => window.__b5demo.settled(50))
  const card = async () => {
    await atRest()
    const questions = setupBatch(`card-${n++}`)
    const expected = questions[0]?.question ?? ''
    await page.evaluate((text) => window.__b5demo.armCard(text), expected)
    const asked = server.service.ask({ sessionId: SESSION, questions })
    const sample = await page.evaluate(() => window.__b5demo.result())
    await page.evaluate(() => window.__b5demo.answer())
    await asked
    return sample
  }
  const raw = async () => {
    await atRest()
    const questions = setupBatch(`raw-${n++}`)
    const expected = questions[0]?.question ?? ''
    const frame = {
      type: 'question/requested',
      rpcId: `raw-${n}`,
      sessionId: SESSION,
      questions,
      requestedAt: Date.now(),
    }
    await page.evaluate((text) => window.__b5demo.armRaw(text), expected)
    await server.sendRaw(JSON.stringify(frame))
    return page.evaluate(() => window.__b5demo.result())
  }
  const run = await interleaved(counts, card, raw)
  return paintEntries(
    'B5.frame-to-card-paint',
    2,
    run,
    'question/requested frame arriving at @parley/client → the composer painted over the demo chat input (3 questions), vs a bare WebSocket message → a plain React heading painted',
  )
}

export async function runFeel(quick: boolean): Promise<Entry[]> {
  if (process.env.B5_INJECT) process.stdout.write(`(fault injected: ${process.env.B5_INJECT}) `)
  const harness = await startFeelHarness()
  try {
    const choose = await harness.open('choose', { width: 1280, height: 1000 })
    const entries = await chooseToNextPaint(
      choose,
      quick ? { warm: 5, samples: 50 } : { warm: 10, samples: 100 },
    )
    await choose.context().close()

    const demo = await harness.open('demo')
    await demo.evaluate(() => window.__b5demo.ready())
    entries.push(
      ...(await frameToCardPaint(
        demo,
        harness.server,
        // Quick: 5 + 40. With 2 + 16 the p50 read 2.2–3.0× in 4 of 10 runs (1.3–1.8× in the
        // rest): paints land on frames, so the median of 16 jumped a frame.
        quick ? { warm: 5, samples: 40 } : { warm: 5, samples: 60 },
      )),
    )
    entries.push(await takeoverShift(demo, harness.server, quick ? 1 : 3))
    entries.push(await longTasksOfTraversal(demo, harness.server))
    await demo.context().close()

    const fresh = await harness.open('demo')
    await fresh.evaluate(() => window.__b5demo.ready())
    entries.push(
      await heapAfterBatches(
        fresh,
        harness.server,
        quick ? { warm: 3, total: 30 } : { warm: 30, total: 200 },
      ),
    )
    await fresh.context().close()
    return entries
  } finally {
    await harness.close()
  }
}
