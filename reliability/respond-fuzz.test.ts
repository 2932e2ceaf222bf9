import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Demo, type Principal, postRaw, principal, startDemo, VALID_ANSWER } from './demo.ts'
import { recordPart, writeResults } from './report.ts'
import {
  buildRequest,
  describeCase,
  expectedVerdict,
  type RespondCase,
  respondCase,
  type Target,
  verdictOf,
} from './respond-cases.ts'
import { FULL, SEED, SIZES } from './scale.ts'

const LANES = 6

let demo: Demo
let alice: Principal
let sessions: string[]

beforeAll(async () => {
  // The fuzzer is one principal posting thousands of bodies: no rate limit here
  // (security.test.ts proves the limiter).
  demo = await startDemo({ rateLimit: false })
  alice = await principal(demo.base)
  sessions = [await alice.newSession(), await alice.newSession()]
})

afterAll(async () => {
  await demo?.close()
  writeResults()
})

interface LaneTarget extends Target {
  askId: string
}

const post = (request: { body: Uint8Array<ArrayBuffer>; contentType: string | null }) =>
  postRaw(demo.base, alice, '/api/respond', request)

describe('respond fuzzing', () => {
  it(
    'answers every generated body as the protocol says, never settles on a bad one, and stays up',
    async () => {
      const cases = fc.sample(respondCase, { seed: SEED, numRuns: SIZES.respondBodies })
      const tally = new Map<string, number>()
      const failures: string[] = []
      let settled = 0
      let settledChecked = 0
      let aliveChecks = 0

      async function newTarget(lane: number): Promise<LaneTarget> {
        const sessionId = sessions[lane % sessions.length] ?? ''
        const { askId, rpcId } = await alice.ask(sessionId)
        return { askId, rpcId, sessionId }
      }

      async function runLane(lane: number): Promise<LaneTarget> {
        let target = await newTarget(lane)
        for (let i = lane; i < cases.length; i += LANES) {
          const testCase = cases[i] as RespondCase
          const request = buildRequest(testCase, target)
          const expected = expectedVerdict(request, target, sessions)
          let got: string | number
          try {
            const reply = await post(request)
            got = verdictOf(reply.status, reply.body)
          } catch (error) {
            got = `request failed: ${(error as Error).message}`
          }
          tally.set(String(got), (tally.get(String(got)) ?? 0) + 1)
          if (got !== expected)
            failures.push(`case ${i}: expected ${expected}, got ${got}: ${describeCase(testCase)}`)
          if (got === 'accepted') {
            settled += 1
            const status = await alice.askStatus(target.askId)
            const fine =
              testCase.base === 'cancel'
                ? status.status === 'rejected' || status.status === 'answered'
                : status.status !== 'pending'
            if (fine) settledChecked += 1
            else failures.push(`case ${i}: accepted but the ask reads ${JSON.stringify(status)}`)
            target = await newTarget(lane)
          }
          if (i % 500 < LANES) {
            await demo.assertAlive()
            aliveChecks += 1
          }
        }
        return target
      }

      const started = Date.now()
      const finalTargets = await Promise.all(
        Array.from({ length: LANES }, (_, lane) => runLane(lane)),
      )
      const seconds = (Date.now() - started) / 1000

      // Every question still pending accepts exactly one valid answer.
      let exactlyOnce = 0
      for (const target of finalTargets) {
        const first = await alice.request('/api/respond', {
          json: {
            rpcId: target.rpcId,
            sessionId: target.sessionId,
            result: { ok: true, answer: VALID_ANSWER },
          },
        })
        const second = await alice.request('/api/respond', {
          json: {
            rpcId: target.rpcId,
            sessionId: target.sessionId,
            result: { ok: true, answer: VALID_ANSWER },
          },
        })
        const status = await alice.askStatus(target.askId)
        if (
          first.body.accepted === true &&
          second.body.reason === 'not-pending' &&
          status.status === 'answered'
        )
          exactlyOnce += 1
        else
          failures.push(
            `final answer on ${target.rpcId}: ${JSON.stringify([first.body, second.body, status])}`,
          )
      }
      await demo.assertAlive()
      const polluted = Object.keys(Object.prototype).length + ('polluted' in {} ? 1 : 0)
      if (polluted > 0) failures.push('Object.prototype was polluted')
      expect(demo.host.pending()).toEqual([])

      console.log(`[reliability] respond fuzzing: ${Math.round(cases.length / seconds)} bodies/s`)
      const verdicts = [...tally.entries()].sort(([a], [b]) => a.localeCompare(b))
      recordPart({
        id: '1-respond-fuzz',
        title: 'Respond fuzzing',
        expectation:
          "Generated `POST /api/respond` bodies (valid answers mutated field by field, wrong types, huge strings, deep nesting, unicode edge cases, `__proto__`/`constructor`/`prototype` keys, duplicate keys, wrong content types, broken framing, oversized bodies) against live questions. Each reply must equal the protocol's verdict for those bytes; only a valid answer or cancel may settle a question; afterwards every pending question accepts exactly one valid answer.",
        figures: [
          ['bodies sent', cases.length],
          ...verdicts.map(([verdict, count]): [string, number] => [`verdict ${verdict}`, count]),
          [
            'questions settled by a generated valid body (checked via the test API)',
            `${settledChecked}/${settled}`,
          ],
          [
            'final questions that accepted exactly one valid answer',
            `${exactlyOnce}/${finalTargets.length}`,
          ],
          ['host liveness checks passed', aliveChecks],
          ['Object.prototype polluted', polluted > 0 ? 'yes' : 'no'],
        ],
        failures: failures.length,
      })
      expect(failures.slice(0, 5)).toEqual([])
    },
    FULL ? 900_000 : 240_000,
  )
})
