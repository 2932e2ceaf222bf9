import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import {
  type ClientQuestion,
  createQuestionClient,
  type QuestionClient,
  type WebSocketLike,
} from '../packages/client/src/index.ts'
import { parseDownlinkFrame } from '../packages/seam/src/wire.ts'
import { QUESTIONS } from './demo.ts'
import { createModel, dataOf, type Model, SESSIONS, STEPS_PER_CLIENT, step } from './frame-cases.ts'
import { eventStreamFeeder } from './frame-feed-sse.ts'
import { type Deliver, type Feeder, type FeederStats, webSocketFeeder } from './frame-feeders.ts'
import { recordPart, writeResults } from './report.ts'
import { FULL, SEED, SIZES, seededRandom } from './scale.ts'
import { TRANSPORTS, type Transport } from './tab-links.ts'

afterAll(() => writeResults())

/** Counts of one transport's fuzzing. */
function createTally() {
  return {
    fed: 0,
    delivered: 0,
    refused: 0,
    accepted: 0,
    reported: 0,
    throws: 0,
    reconnects: 0,
    replaysKept: 0,
    outcomesRecorded: 0,
    resurrections: 0,
    duplicates: 0,
    maxPending: 0,
    failures: [] as string[],
  }
}
type Tally = ReturnType<typeof createTally>

/**
 * Compares the client's store with the model after a frame: the same rpcIds
 * per session in order, each shown with the questions its first frame carried
 * and as the entry it first got, and the same outcomes.
 */
function createCheck(client: QuestionClient, model: Model, tally: Tally, run: number) {
  // The entry each rpcId first got: a replay must keep it (same object, same place).
  const firstEntries = new Map<string, ClientQuestion>()
  return (label: string): boolean => {
    const fail = (message: string) => {
      tally.failures.push(`run ${run} ${label}: ${message}`)
      return false
    }
    for (const sessionId of SESSIONS) {
      const shown = client.getSessionQuestions(sessionId)
      const ids = shown.map((q) => q.rpcId)
      const expected = model.entries.get(sessionId) ?? []
      if (new Set(ids).size !== ids.length) tally.duplicates += 1
      const grave = model.tombstones.get(sessionId)
      if (grave && ids.some((id) => grave.has(id))) tally.resurrections += 1
      tally.maxPending = Math.max(tally.maxPending, ids.length)
      if (ids.join() !== expected.join())
        return fail(`${sessionId} shows [${ids}] not [${expected}]`)
      for (const question of shown) {
        const key = `${sessionId}|${question.rpcId}`
        const first = model.firstFrames.get(key) as Record<string, unknown>
        if (JSON.stringify(question.questions) !== JSON.stringify(first?.questions))
          return fail(`${question.rpcId} shows other questions`)
        const entry = firstEntries.get(key) ?? question
        firstEntries.set(key, entry)
        if (entry !== question) return fail(`${question.rpcId} lost its identity`)
      }
      const resolutions = client.getSessionResolutions(sessionId)
      const recorded = (model.outcomes.get(sessionId) ?? []).map(([id, o]) => `${id}=${o}`)
      const shownOutcomes = Object.keys(resolutions).map((id) => `${id}=${resolutions[id]}`)
      if (shownOutcomes.sort().join() !== recorded.sort().join())
        return fail(`${sessionId} outcomes [${shownOutcomes}] not [${recorded}]`)
    }
    return true
  }
}

const FEEDERS: Record<Transport, (deliver: Deliver, random: () => number) => Feeder> = {
  websocket: webSocketFeeder,
  sse: eventStreamFeeder,
}

const CARRIED: Record<Transport, string> = {
  websocket:
    "a fake WebSocket's `onmessage` (the data as generated, raw non-JSON and binary data included)",
  sse: 'SSE bytes read by a real EventSource (the `eventsource` package, the WHATWG parser): random line endings and `data:` spellings, noise between events (comments, typed events carrying valid frames, `id`, `retry`, unknown fields, a stray BOM), chunks cut at any byte (inside UTF-8 sequences too), several events per chunk, streams ending by end of file or a network error, sometimes in the middle of an event, and refused reconnects (503, 401, 204, `text/html`); non-text data goes as its JSON text',
}

/** Part ids sort WebSocket first, as the transports are listed. */
const ORDER: Record<Transport, string> = { websocket: 'a', sse: 'b' }

describe.each(TRANSPORTS)('frame fuzzing on the client over %s', (transport) => {
  it(
    'drops every frame the wire schemas refuse, never throws, and keeps its store consistent',
    async () => {
      const runs = Math.ceil((SIZES.frames * 1.1) / STEPS_PER_CLIENT)
      const scripts = fc.sample(
        fc.array(step, { minLength: STEPS_PER_CLIENT, maxLength: STEPS_PER_CLIENT }),
        { seed: SEED, numRuns: runs },
      )
      const tally = createTally()
      const totals = new Map<keyof FeederStats, number>()
      const mismatches: string[] = []

      for (const [run, script] of scripts.entries()) {
        const model = createModel()
        let label = 'start'
        let broken = false
        let check: (label: string) => boolean = () => true
        let client: QuestionClient | null = null
        const deliver: Deliver = (data, hand) => {
          if (broken || !client) return hand()
          tally.delivered += 1
          const verdict = parseDownlinkFrame(data)
          const before = client.getState()
          const reportedBefore = tally.reported
          try {
            hand()
          } catch (error) {
            tally.throws += 1
            tally.failures.push(`run ${run} ${label}: the client threw ${(error as Error).message}`)
          }
          if (verdict.ok) {
            tally.accepted += 1
            const value = verdict.value
            const { sessionId, rpcId } = value as { sessionId?: string; rpcId?: string }
            const queued = (model.entries.get(sessionId ?? '') ?? []).includes(rpcId ?? '')
            if (value.type === 'question/requested' && queued) tally.replaysKept += 1
            if (value.type === 'question/resolved') tally.outcomesRecorded += 1
            model.apply(value)
          } else {
            tally.refused += 1
            if (client.getState() !== before)
              tally.failures.push(`run ${run} ${label}: a refused frame changed the store`)
            if (tally.reported !== reportedBefore + 1)
              tally.failures.push(`run ${run} ${label}: a refused frame was not reported`)
          }
          if (!check(label)) broken = true
        }
        const feeder = FEEDERS[transport](deliver, seededRandom(SEED + run))
        client = createQuestionClient({
          baseUrl: 'http://fuzz.invalid',
          ...feeder.options,
          random: () => 0.5,
        })
        check = createCheck(client, model, tally, run)
        client.onFrameError(() => {
          tally.reported += 1
        })
        client.start()
        await feeder.opened()

        for (const [index, item] of script.entries()) {
          label = `step ${index}`
          if (item.kind === 'reconnect') {
            tally.reconnects += 1
            await feeder.reconnect()
            model.reconnect()
          } else {
            tally.fed += 1
            await feeder.frame(dataOf(item.payload))
          }
          if (broken) break
        }
        await feeder.flush()
        client.dispose()
        for (const [name, value] of Object.entries(feeder.stats) as [keyof FeederStats, unknown][])
          if (typeof value === 'number') totals.set(name, (totals.get(name) ?? 0) + value)
        mismatches.push(...feeder.stats.mismatches.map((text) => `run ${run}: ${text}`))
      }

      const total = (name: keyof FeederStats) => totals.get(name) ?? 0
      const sse: [string, number | string][] =
        transport === 'sse'
          ? [
              ['SSE bytes fed', total('bytes')],
              ['chunks (cut at random bytes)', total('chunks')],
              ['noise blocks between events (none may reach the client)', total('noise')],
              ['events dispatched as encoded (data, order)', `${tally.delivered}/${tally.fed}`],
              ['dispatch mismatches', mismatches.length],
              [
                'streams ended by end of file / by a network error',
                `${total('eofs')} / ${total('errors')}`,
              ],
              ['streams ended in the middle of an event (never dispatched)', total('partials')],
              [
                'EventSources the client opened / connections they made',
                `${total('sources')} / ${total('requests')}`,
              ],
            ]
          : []
      recordPart({
        id: `2${ORDER[transport]}-frame-fuzz-${transport}`,
        title: `Frame fuzzing on the client (${transport})`,
        expectation: `Generated downlink frames (valid frames of three sessions with reconnects and replays, the same frames mutated field by field with wrong types, huge strings, deep nesting, unicode edge cases and pollution keys, raw non-JSON and binary data, reserved types) fed to \`@parley/client\` with \`transport: '${transport}'\` through ${CARRIED[transport]}. Every frame \`parseDownlinkFrame\` refuses must leave the store untouched and be reported; after every frame the store must equal a reference model of the protocol (one entry per rpcId per session, arrival order, tombstoned rpcIds never back, a replayed request keeping its entry, the last 50 outcomes per session as the resolved frames carried them). A reconnect is sometimes refused first: the client must probe each refused downlink once and no downlink that opened.${transport === 'sse' ? ' Every event must reach the client exactly as encoded, in order, and nothing else; the client must close each EventSource it leaves, so the EventSource never reconnects by itself.' : ''}`,
        figures: [
          ['frames fed', tally.fed],
          ['frames refused by the wire schemas (and reported)', tally.refused],
          ['frames accepted', tally.accepted],
          ['frame errors reported by the client', tally.reported],
          ['client exceptions', tally.throws],
          ['reconnects (replays)', tally.reconnects],
          [
            'reconnects refused once first / probes the client made',
            `${total('refused')} / ${total('probes')}`,
          ],
          ['replays of a queued request (kept their entry and place)', tally.replaysKept],
          ['question/resolved frames applied (outcomes checked)', tally.outcomesRecorded],
          ['store mismatches against the model', tally.failures.length - tally.throws],
          ['duplicated entries seen', tally.duplicates],
          ['tombstoned rpcIds resurrected', tally.resurrections],
          ['largest pending list in one session', tally.maxPending],
          ...sse,
        ],
        failures:
          tally.failures.length +
          tally.duplicates +
          tally.resurrections +
          mismatches.length +
          Math.abs(total('refused') - total('probes')),
      })
      expect(tally.failures.slice(0, 5)).toEqual([])
      expect(mismatches.slice(0, 5)).toEqual([])
      expect(tally.duplicates + tally.resurrections).toBe(0)
      expect(tally.fed).toBeGreaterThanOrEqual(SIZES.frames)
      expect(tally.refused).toBeGreaterThan(tally.fed / 5)
      expect(tally.accepted).toBeGreaterThan(tally.fed / 5)
      expect(tally.reported).toBe(tally.refused)
      // Each refused downlink was probed once; a downlink that opened and dropped never was.
      expect(total('refused')).toBeGreaterThan(0)
      expect(total('probes')).toBe(total('refused'))
      if (transport === 'sse') {
        // One dispatch per event fed; the client made every connection itself (the
        // EventSource never retried on its own, `retry: 1` in the noise notwithstanding).
        expect(tally.delivered).toBe(tally.fed)
        expect(total('requests')).toBe(total('sources'))
        expect(total('partials')).toBeGreaterThan(0)
        expect(total('noise')).toBeGreaterThan(0)
      }
    },
    FULL ? 600_000 : 240_000,
  )
})

class FakeSocket implements WebSocketLike {
  onopen: ((event: unknown) => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onclose: ((event: unknown) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  close(): void {}
}

describe('session ids that are Object.prototype names', () => {
  it('are plain ids to the client, for requests and outcomes (regression: `constructor` used to throw)', () => {
    const current: { socket: FakeSocket | null } = { socket: null }
    const client = createQuestionClient({
      baseUrl: 'http://fuzz.invalid',
      WebSocket: class extends FakeSocket {
        constructor(_url: string) {
          super()
          current.socket = this
        }
      },
      fetch: () => Promise.reject(new Error('no network')),
      timers: { setTimeout: () => 1, clearTimeout: () => {} },
    })
    client.start()
    for (const sessionId of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(client.getSessionResolutions(sessionId)).toEqual({})
      expect(Object.keys(client.getSessionResolutions(sessionId))).toEqual([])
      const frame = {
        type: 'question/requested',
        rpcId: `r-${sessionId}`,
        sessionId,
        questions: QUESTIONS,
        requestedAt: 1,
      }
      expect(() => current.socket?.onmessage?.({ data: JSON.stringify(frame) })).not.toThrow()
      expect(client.getSessionQuestions(sessionId).map((q) => q.rpcId)).toEqual([`r-${sessionId}`])
      const resolved = {
        type: 'question/resolved',
        rpcId: `r-${sessionId}`,
        sessionId,
        outcome: 'answered',
      }
      expect(() => current.socket?.onmessage?.({ data: JSON.stringify(resolved) })).not.toThrow()
      expect(client.getSessionQuestions(sessionId)).toEqual([])
      const resolutions = client.getSessionResolutions(sessionId)
      expect(Object.entries(resolutions)).toEqual([[`r-${sessionId}`, 'answered']])
      expect(Object.hasOwn(resolutions, 'constructor')).toBe(false)
      expect(Object.hasOwn(resolutions, 'toString')).toBe(false)
    }
    client.close()
  })
})
