import type { AddressInfo } from 'node:net'
import { afterAll, describe, it } from 'vitest'
import {
  createQuestionClient,
  type QuestionClient,
  selectSessionEndedBecause,
} from '../packages/client/src/index.ts'
import { clientOptions, startHost } from '../packages/client/test/loopback.ts'
import { type Demo, fastTimers, principal, startDemo, tabControl, until } from './demo.ts'
import { createLedger } from './ledger.ts'
import { recordPart, writeResults } from './report.ts'
import { SEED, seededRandom } from './scale.ts'

// The host restarts under open tabs (a crash it never announces, and a shutdown
// it does), and hosts run on clocks far from the browser's: nothing a tab shows
// may be wrong, and nothing the person typed may be silently lost.

const ledger = createLedger()
const TABS = 3
const ASKS = 4
// The same secret before and after, as a deployment keeps it: the tabs stay their principal.
const SECRET = 'reliability-restarts-secret-0123456789'
const YEAR_MS = 365 * 24 * 3_600_000

afterAll(() => {
  recordPart({
    id: '8-restarts',
    title: 'Restarts and clocks',
    expectation:
      'Open tabs of one person hold pending questions while the in-memory demo host crashes (its sockets cut, no word to the tabs) or shuts down, and another process answers on the same address with the same secret. Every question the tabs held must end `aborted`, `server-gone`, in every tab (found out at the reconnect from the host instance in `mux/hello`, or said by the shutdown), so the card says the server stopped or restarted and keeps the drafts. Hosts whose clocks run a year behind or ahead of the browser ask with `timeoutMs` 200 and 60000: the tab must show each deadline in its own clock, within 1 s of when it was asked plus the timeout.',
    figures: ledger.figures,
    failures: ledger.failures,
  })
  writeResults()
})

/** Stops a demo host as a crash would: the listener and every socket at once, no word to the tabs. */
function crash(demo: Demo, controls: ReturnType<typeof tabControl>[]): void {
  demo.server.close()
  demo.server.closeAllConnections()
  for (const control of controls) control.socket?.cut()
}

describe('restarts and clocks', () => {
  it('a crash and a shutdown under open tabs: every question they held ends server-gone', async () => {
    const verdict = ledger.verdict()
    let demo = await startDemo({ secret: SECRET })
    const port = (demo.server.address() as AddressInfo).port
    const crashed: Demo[] = []
    const alice = await principal(demo.base)
    const controls = Array.from({ length: TABS }, () => tabControl(demo.base, alice.cookie))
    const tabs: QuestionClient[] = controls.map((control, i) =>
      createQuestionClient({
        baseUrl: demo.base,
        WebSocket: control.WebSocket,
        fetch: alice.fetch,
        timers: fastTimers,
        random: seededRandom(SEED + i),
      }),
    )
    try {
      for (const how of ['crash', 'shutdown'] as const) {
        const sessionId = await alice.newSession()
        const asked: string[] = []
        for (let i = 0; i < ASKS; i++) asked.push((await alice.ask(sessionId)).rpcId)
        await Promise.all(
          tabs.map((tab) =>
            until(tab, () => tab.getSessionQuestions(sessionId).length === ASKS, 'the questions'),
          ),
        )
        if (how === 'crash') {
          crash(demo, controls)
          crashed.push(demo)
        } else await demo.close()
        demo = await startDemo({ secret: SECRET }, port)
        await Promise.all(
          tabs.map((tab) =>
            until(tab, () => tab.getSessionQuestions(sessionId).length === 0, 'the loss', 15_000),
          ),
        )
        const said = tabs.flatMap((tab) => {
          const because = selectSessionEndedBecause(tab.getState(), sessionId)
          return asked.map((rpcId) => because[rpcId] === 'server-gone')
        })
        verdict.hold(`questions the tabs held that ended server-gone after a ${how}`, said)
      }
    } finally {
      for (const tab of tabs) tab.close()
      await demo.close()
      for (const old of crashed) await old.close().catch(() => {})
    }
    verdict.settle()
  })

  it('hosts a year off the browser: every deadline shows in its own clock', async () => {
    const verdict = ledger.verdict()
    let worst = 0
    for (const shift of [-YEAR_MS, YEAR_MS]) {
      const host = await startHost({ now: () => Date.now() + shift })
      const tab = createQuestionClient(clientOptions(host.base))
      try {
        for (const timeoutMs of [200, 60_000]) {
          const before = Date.now()
          host.ask('s1', { timeoutMs }).catch(() => {})
          const question = await until(
            tab,
            () => tab.getSessionQuestions('s1').find((q) => q.deadlineAt !== undefined),
            'the deadline',
          )
          const off = Math.abs((question.deadlineAt ?? 0) - (before + timeoutMs))
          worst = Math.max(worst, off)
          verdict.hold(
            `a ${timeoutMs} ms deadline with the host ${shift < 0 ? 'a year behind' : 'a year ahead'}, shown within 1 s`,
            off < 1_000,
            `${off} ms off`,
          )
          host.host.abortSession('s1')
          await until(tab, () => tab.getSessionQuestions('s1').length === 0, 'the end')
        }
      } finally {
        tab.close()
        await host.close()
      }
    }
    ledger.figure('worst deadline error with the host a year off (ms)', worst)
    verdict.settle()
  })
})
