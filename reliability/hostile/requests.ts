import fc from 'fast-check'
import { eventually, principal, startDemo } from '../demo.ts'
import { countsOf } from '../ledger.ts'
import { openRaw, rawHead, rawRequest, within } from '../raw-http.ts'
import { SEED } from '../scale.ts'
import { malformedTarget, NAMED_TARGETS } from './cases.ts'
import { inWaves, openConnections } from './kit.ts'
import { chunks, type Hostile, hostOf, isAlive, portOf, SIZE, upgradeHeaders } from './support.ts'

/** Contract 1: malformed request targets over a raw socket each get 400 or 404; the host stays up. */
export async function malformedTargets({ demo, ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  const owner = await principal(demo.base)
  const port = portOf(demo.base)
  const generated = fc.sample(malformedTarget, { seed: SEED, numRuns: SIZE.malformedTargets })
  const batches = [NAMED_TARGETS, ...chunks(generated, 40)]
  const statuses: (number | string)[] = []
  const wrong: string[] = []
  let slowest = 0
  let aliveAfter = 0
  for (const batch of batches) {
    const outcomes = await Promise.all(
      batch.map(([method, target]) =>
        rawRequest(
          port,
          rawHead(method, target, {
            host: hostOf(demo.base),
            cookie: owner.cookie,
            connection: 'close',
          }),
        ),
      ),
    )
    outcomes.forEach((outcome, i) => {
      const seen = outcome.head?.status ?? outcome.outcome
      statuses.push(seen)
      slowest = Math.max(slowest, outcome.ms)
      if (seen !== 400 && seen !== 404) wrong.push(`${batch[i]?.join(' ')} → ${seen}`)
    })
    if (await isAlive(demo)) aliveAfter += 1
  }
  ledger.figure('malformed targets sent (5 named + generated)', statuses.length)
  ledger.figure('malformed targets: statuses seen', countsOf(statuses))
  ledger.figure('malformed targets: slowest reply (ms)', slowest)
  v.hold('every malformed target answered 400 or 404 (no hang, no drop)', wrong.length === 0, wrong)
  v.hold('host alive after every batch of malformed targets', aliveAfter === batches.length, {
    aliveAfter,
    batches: batches.length,
  })
  v.settle()
}

/** Contract 2: malformed and foreign upgrades get 400/404 and a closed socket, a flood leaves none open. */
export async function refusedUpgrades({ ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  const flood = await startDemo()
  try {
    const owner = await principal(flood.base)
    const port = portOf(flood.base)
    const cases: [target: string, expected: number][] = [
      ['http://[/api/mux', 400],
      ['/', 404],
      ['/nope', 404],
      ['/api/respond', 404],
      ['/API/MUX', 404],
    ]
    const one = async ([target, expected]: [string, number]) => {
      const exchange = openRaw(
        port,
        rawHead('GET', target, upgradeHeaders(flood.base, owner.cookie)),
      )
      const head = await within(exchange.head, 2_000, null)
      const closed = await within(
        exchange.ended.then(() => true),
        2_000,
        false,
      )
      return { exchange, target, expected, status: head?.status ?? null, closed }
    }
    const named = await Promise.all(cases.map(one))
    for (const exchange of named) exchange.exchange.destroy()
    v.hold(
      'malformed upgrade → 400, foreign upgrades (/, /nope, /api/respond, /API/MUX) → 404',
      named.map((seen) => seen.status === seen.expected),
      named.map(({ target, status }) => `${target} → ${status}`),
    )
    v.hold(
      'each refused upgrade closed by the server within 2 s',
      named.map((seen) => seen.closed),
      named.map(({ target, closed }) => `${target} closed: ${closed}`),
    )

    flood.server.closeIdleConnections()
    const baseline = await openConnections(flood.server)
    const started = Date.now()
    const waves = await inWaves(
      Array.from({ length: Math.ceil(SIZE.upgradeFlood / 50) }, (_, wave) => wave),
      1,
      async (wave) => {
        const size = Math.min(50, SIZE.upgradeFlood - wave * 50)
        const seen = await Promise.all(
          Array.from({ length: size }, (_, i) => one(cases[i % cases.length] as [string, number])),
        )
        // Counted while the client sides are still open: only the server can have closed them.
        flood.server.closeIdleConnections()
        const left = await eventually(
          async () => {
            const count = await openConnections(flood.server)
            return count <= baseline ? count : false
          },
          'server-side sockets to close',
          2_000,
        ).catch(async () => openConnections(flood.server))
        for (const exchange of seen) exchange.exchange.destroy()
        return { seen, left }
      },
    )
    const all = waves.flatMap((wave) => wave.seen)
    const leftOpen = Math.max(...waves.map((wave) => wave.left))
    ledger.figure('upgrade flood: refused upgrades sent', all.length)
    ledger.figure('upgrade flood: statuses seen', countsOf(all.map((seen) => seen.status)))
    ledger.figure('upgrade flood: duration (ms)', Date.now() - started)
    ledger.figure('upgrade flood: server-side sockets left open after a wave (most)', leftOpen)
    v.hold(
      'every flooded upgrade got its status and was closed by the server',
      all.map((seen) => seen.status === seen.expected && seen.closed),
      countsOf(all.map((seen) => `${seen.target}:${seen.status}:${seen.closed}`)),
    )
    v.hold('no server-side socket left open after the flood', leftOpen <= baseline, {
      baseline,
      leftOpen,
    })
    await flood.assertAlive()
  } finally {
    await flood.close()
  }
  v.settle()
}
