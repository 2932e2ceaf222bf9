import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { amendAnswer } from '../packages/client/src/amend.ts'
import { type AskUserQuestionAnswer, validateAnswer } from '../packages/seam/src/index.ts'
import {
  type AmendCase,
  type AmendTarget,
  amendCase,
  amendVerdictOf,
  buildAmendRequest,
  CHANGED_ANSWER,
  expectedAmendVerdict,
} from './amend-cases.ts'
import {
  type Demo,
  eventually,
  openTabs,
  type Principal,
  postRaw,
  principal,
  QUESTIONS,
  startDemo,
  until,
  VALID_ANSWER,
} from './demo.ts'
import { recordPart, writeResults } from './report.ts'
import { describeCase } from './respond-cases.ts'
import { FULL, SEED, SIZES } from './scale.ts'

const LANES = 4
/** Long enough that no window closes during the run. */
const WINDOW_MS = 10 * 60_000

let demo: Demo
let alice: Principal
let sessions: string[]
const figures: [string, number | string][] = []
let failures = 0

beforeAll(async () => {
  demo = await startDemo({
    rateLimit: false,
    hostLimits: { maxStreamsPerPrincipal: SIZES.concurrentClients + 8 },
  })
  alice = await principal(demo.base)
  sessions = [await alice.newSession(), await alice.newSession()]
})

afterAll(async () => {
  recordPart({
    id: '7-amendments',
    title: 'Amendments',
    expectation:
      'Generated `POST /api/amend` bodies (the respond fuzzer’s mutations, framings and content types applied to a valid change) against answered questions whose window is open: each reply must equal the protocol’s verdict, only a valid change based on the current revision is taken (and heard by the ask once), and afterwards each question takes exactly one of two changes sent at once. Then real `@parley/client` tabs all change one answer in the same instant: exactly one is accepted, the rest are refused `AMEND_SUPERSEDED`, every tab converges on the winner’s revision, and the ask hears exactly that change.',
    figures,
    failures,
  })
  await demo?.close()
  writeResults()
})

/** Asks, answers with VALID_ANSWER, and waits for the answer to stand (revision 0). */
async function answeredTarget(sessionId: string): Promise<AmendTarget> {
  const { askId, rpcId } = await alice.ask(sessionId, { amendWindowMs: WINDOW_MS })
  const answered = await alice.request('/api/respond', {
    json: { rpcId, sessionId, result: { ok: true, answer: VALID_ANSWER } },
  })
  if (answered.body.accepted !== true) throw new Error('the answer was not taken')
  await eventually(async () => (await alice.askStatus(askId)).status === 'answered', 'answered')
  return { askId, rpcId, sessionId, revision: 0, answer: VALID_ANSWER }
}

const heardBy = async (askId: string) =>
  ((await alice.askStatus(askId)).amendments as unknown[] | undefined)?.length ?? 0

const post = (request: { body: Uint8Array<ArrayBuffer>; contentType: string | null }) =>
  postRaw(demo.base, alice, '/api/amend', request)

describe('amendments', () => {
  it(
    'answers every generated amend body as the protocol says, and takes only valid changes',
    async () => {
      const count = FULL ? 4_000 : 300
      const cases = fc.sample(amendCase, { seed: SEED + 7, numRuns: count })
      const tally = new Map<string, number>()
      const problems: string[] = []
      let accepted = 0
      let heardRight = 0

      async function runLane(lane: number): Promise<AmendTarget> {
        const target = await answeredTarget(sessions[lane % sessions.length] ?? '')
        for (let i = lane; i < cases.length; i += LANES) {
          const testCase = cases[i] as AmendCase
          const request = buildAmendRequest(testCase, target)
          const expected = expectedAmendVerdict(request, target, sessions)
          let got: string | number
          try {
            const reply = await post(request)
            got = amendVerdictOf(reply.status, reply.body)
            if (got === 'accepted') {
              accepted += 1
              const body = JSON.parse(Buffer.from(request.body).toString('utf8'))
              const normalized = validateAnswer({ questions: QUESTIONS }, body.answer)
              if (normalized.ok) target.answer = normalized.answer
              target.revision += 1
              if ((await heardBy(target.askId)) === target.revision) heardRight += 1
              else problems.push(`case ${i}: accepted, but the ask did not hear it once`)
            }
          } catch (error) {
            got = `request failed: ${(error as Error).message}`
          }
          tally.set(String(got), (tally.get(String(got)) ?? 0) + 1)
          if (got !== expected)
            problems.push(`case ${i}: expected ${expected}, got ${got}: ${describeCase(testCase)}`)
        }
        return target
      }

      const targets = await Promise.all(Array.from({ length: LANES }, (_, lane) => runLane(lane)))

      // Each still takes exactly one of two changes based on its current revision.
      let exactlyOnce = 0
      for (const target of targets) {
        const change = (custom: string) =>
          alice.request('/api/amend', {
            json: {
              rpcId: target.rpcId,
              sessionId: target.sessionId,
              revision: target.revision,
              answer: {
                answers: CHANGED_ANSWER.answers.map((item) =>
                  item.id === 'note' ? { ...item, custom } : item,
                ),
              },
            },
          })
        const [first, second] = await Promise.all([change('First'), change('Second')])
        const codes = [first.body, second.body].map((body) => body.code ?? body.accepted)
        if (codes.includes(true) && codes.includes('AMEND_SUPERSEDED')) exactlyOnce += 1
        else problems.push(`final change of ${target.rpcId}: ${JSON.stringify(codes)}`)
      }
      await demo.assertAlive()
      const polluted = Object.keys(Object.prototype).length + ('polluted' in {} ? 1 : 0)
      if (polluted > 0) problems.push('Object.prototype was polluted')

      const verdicts = [...tally.entries()].sort(([a], [b]) => a.localeCompare(b))
      figures.push(
        ['amend bodies sent', cases.length],
        ...verdicts.map(([verdict, n]): [string, number] => [`verdict ${verdict}`, n]),
        ['accepted changes heard by the ask exactly once', `${heardRight}/${accepted}`],
        ['questions that took exactly one of two simultaneous changes', `${exactlyOnce}/${LANES}`],
        ['Object.prototype polluted', polluted > 0 ? 'yes' : 'no'],
      )
      failures += problems.length
      expect(problems.slice(0, 5)).toEqual([])
    },
    FULL ? 900_000 : 240_000,
  )

  it('a hundred tabs change one answer at once: exactly one change is taken', async () => {
    const sessionId = sessions[0] ?? ''
    const clients = await openTabs(demo.base, alice, SIZES.concurrentClients, SEED)
    try {
      const rounds = FULL ? 5 : 2
      let exactlyOne = 0
      let superseded = 0
      for (let round = 0; round < rounds; round++) {
        const target = await answeredTarget(sessionId)
        await Promise.all(
          clients.map((client) =>
            until(client, () => client.getState().answers[target.rpcId], 'standing answer'),
          ),
        )
        const changes: AskUserQuestionAnswer[] = clients.map((_, i) => ({
          answers: CHANGED_ANSWER.answers.map((item) =>
            item.id === 'note' ? { ...item, custom: `Tab ${i}` } : item,
          ),
        }))
        const receipts = await Promise.all(
          clients.map((client, i) =>
            amendAnswer(client, {
              rpcId: target.rpcId,
              sessionId,
              revision: 0,
              answer: changes[i] as AskUserQuestionAnswer,
            }),
          ),
        )
        const winners = receipts.flatMap((receipt, i) => (receipt.accepted ? [i] : []))
        superseded += receipts.filter(
          (receipt) =>
            !receipt.accepted && 'code' in receipt && receipt.code === 'AMEND_SUPERSEDED',
        ).length
        const winner = winners[0]
        const converged = await Promise.all(
          clients.map((client) =>
            until(
              client,
              () => client.getState().answers[target.rpcId]?.revision === 1,
              'revision 1',
            )
              .then(() => client.getState().answers[target.rpcId]?.answer)
              .catch(() => undefined),
          ),
        )
        const status = await alice.askStatus(target.askId)
        const heard = (status.amendments ?? []) as { answer: AskUserQuestionAnswer }[]
        const agreed =
          winners.length === 1 &&
          winner !== undefined &&
          converged.every((answer) => JSON.stringify(answer) === JSON.stringify(changes[winner])) &&
          heard.length === 1 &&
          JSON.stringify(heard[0]?.answer) === JSON.stringify(changes[winner])
        if (agreed) exactlyOne += 1
        else failures += 1
      }
      figures.push(
        ['tabs changing the same answer at once', clients.length],
        [
          'rounds with exactly one change taken, every tab and the ask agreeing',
          `${exactlyOne}/${rounds}`,
        ],
        ['changes refused as AMEND_SUPERSEDED', `${superseded}/${rounds * (clients.length - 1)}`],
      )
      expect(exactlyOne).toBe(rounds)
      expect(superseded).toBe(rounds * (clients.length - 1))
    } finally {
      for (const client of clients) client.close()
    }
  })
})
