import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuestionClient } from '../packages/client/src/index.ts'
import type { RespondReceipt } from '../packages/seam/src/wire.ts'
import {
  type Demo,
  eventually,
  openTabs,
  type Principal,
  principal,
  startDemo,
  until,
  VALID_ANSWER,
} from './demo.ts'
import { recordPart, writeResults } from './report.ts'
import { FULL, SEED, SIZES, seededRandom } from './scale.ts'

let demo: Demo
let alice: Principal
let sessionId: string
const clients: QuestionClient[] = []

beforeAll(async () => {
  // A hundred tabs of one person answering in the same instant is far above the
  // default per-principal limit; this part is about the claim, not the limiter.
  // 100 tabs of one person: above the host's default of 32 streams per principal.
  demo = await startDemo({
    rateLimit: { burst: 10_000, perSecond: 10_000 },
    hostLimits: { maxStreamsPerPrincipal: SIZES.concurrentClients + 8 },
  })
  alice = await principal(demo.base)
  sessionId = await alice.newSession()
  clients.push(...(await openTabs(demo.base, alice, SIZES.concurrentClients, SEED)))
})

afterAll(async () => {
  for (const client of clients) client.close()
  await demo?.close()
  writeResults()
})

const shows = (client: QuestionClient, rpcId: string) =>
  client.getSessionQuestions(sessionId).some((question) => question.rpcId === rpcId)

const figures: [string, number | string][] = []
let failures = 0

describe('concurrency', () => {
  it('a hundred tabs answer one question at once: exactly one is accepted', async () => {
    const rounds = FULL ? 5 : 2
    let exactlyOne = 0
    let notPending = 0
    for (let round = 0; round < rounds; round++) {
      const { askId, rpcId } = await alice.ask(sessionId)
      await Promise.all(clients.map((client) => until(client, () => shows(client, rpcId), 'shown')))
      const receipts = await Promise.all(
        clients.map((client) => client.respond(rpcId, sessionId, VALID_ANSWER)),
      )
      const accepted = receipts.filter((receipt) => receipt.accepted).length
      notPending += receipts.filter((r) => !r.accepted && r.reason === 'not-pending').length
      const status = await alice.askStatus(askId)
      await Promise.all(
        clients.map((client) => until(client, () => !shows(client, rpcId), 'retired')),
      )
      if (accepted === 1 && status.status === 'answered') exactlyOne += 1
      else failures += 1
    }
    figures.push(
      ['tabs answering the same question at once', clients.length],
      ['rounds with exactly one accepted answer', `${exactlyOne}/${rounds}`],
      ['answers refused as not-pending', `${notPending}/${rounds * (clients.length - 1)}`],
    )
    expect(exactlyOne).toBe(rounds)
    expect(notPending).toBe(rounds * (clients.length - 1))
  })

  it('answers, cancels, an abort and a timeout racing on one question: exactly one settles it', async () => {
    const rng = seededRandom(SEED)
    const racers = clients.slice(0, 6)
    const winners = new Map<string, number>()
    let agreed = 0
    for (let round = 0; round < SIZES.races; round++) {
      const withTimeout = rng() < 0.3
      const withAbort = rng() < 0.5
      const { askId, rpcId } = await alice.ask(
        sessionId,
        withTimeout ? { timeoutMs: 1 + Math.floor(rng() * 5) } : {},
      )
      if (!withTimeout)
        await until(
          racers[0] as QuestionClient,
          () => shows(racers[0] as QuestionClient, rpcId),
          'shown',
        )
      // Every racer starts in the same turn, in a seeded random order.
      type Result = readonly ['answer' | 'cancel', RespondReceipt] | null
      const starters: (() => Promise<Result>)[] = racers.map((client, i) =>
        i % 2 === 0
          ? () => client.respond(rpcId, sessionId, VALID_ANSWER).then((r) => ['answer', r] as const)
          : () => client.cancel(rpcId, sessionId).then((r) => ['cancel', r] as const),
      )
      if (withAbort)
        starters.push(() =>
          alice.request(`/api/test/asks/${askId}/abort`, { json: {} }).then(() => null),
        )
      for (let i = starters.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1))
        ;[starters[i], starters[j]] = [
          starters[j] as () => Promise<Result>,
          starters[i] as () => Promise<Result>,
        ]
      }
      const settled = (await Promise.all(starters.map((start) => start()))).filter(
        (result): result is NonNullable<Result> => result !== null,
      )
      const acceptedKinds = settled.filter(([, receipt]) => receipt.accepted).map(([kind]) => kind)
      const status = await eventually(async () => {
        const read = await alice.askStatus(askId)
        return read.status !== 'pending' && read
      }, 'settled')
      const code = (status.error as { code?: string } | undefined)?.code
      const winner =
        acceptedKinds.length === 1
          ? acceptedKinds[0]
          : code === 'ASK_ABORTED'
            ? 'abort'
            : code === 'ASK_TIMED_OUT'
              ? 'timeout'
              : 'none'
      winners.set(winner ?? 'none', (winners.get(winner ?? 'none') ?? 0) + 1)
      const agrees =
        acceptedKinds.length <= 1 &&
        ((winner === 'answer' && status.status === 'answered') ||
          (winner === 'cancel' && code === 'ASK_CANCELLED') ||
          (winner === 'abort' && acceptedKinds.length === 0 && withAbort) ||
          (winner === 'timeout' && acceptedKinds.length === 0 && withTimeout))
      if (agrees) agreed += 1
      else failures += 1
      for (const client of racers) await until(client, () => !shows(client, rpcId), 'retired')
    }
    figures.push(
      ['answer/cancel/abort/timeout races', SIZES.races],
      ['races settled exactly once, the test API agreeing', `${agreed}/${SIZES.races}`],
      ...['answer', 'cancel', 'abort', 'timeout', 'none'].map((kind): [string, number] => [
        `races won by: ${kind}`,
        winners.get(kind) ?? 0,
      ]),
    )
    expect(agreed).toBe(SIZES.races)
    expect(demo.host.pending()).toEqual([])
  })

  afterAll(() => {
    recordPart({
      id: '4-concurrency',
      title: 'Concurrency',
      expectation:
        "Real `@parley/client` tabs of one principal on the demo host. All of them answer one question in the same instant: exactly one `accepted`, every other receipt `not-pending`, the ask `answered`, every tab retires the card. Then answers and cancels from six tabs race an abort through the test API and a 1–5 ms `timeoutMs`: exactly one settles the question, and the test API's ask status names the same winner.",
      figures,
      failures,
    })
  })
})
