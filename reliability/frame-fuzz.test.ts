import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import {
  type ClientQuestion,
  type ClientTimers,
  createQuestionClient,
  RESOLUTION_LIMIT,
  type WebSocketLike,
} from '../packages/client/src/index.ts'
import type { AskUserQuestionItem } from '../packages/seam/src/index.ts'
import { type DownlinkFrame, parseDownlinkFrame } from '../packages/seam/src/wire.ts'
import { QUESTIONS } from './demo.ts'
import { toTree, writeTree } from './json-tree.ts'
import { recordPart, writeResults } from './report.ts'
import { hostileValue, type Mutation, mutate, mutation } from './respond-cases.ts'
import { FULL, SEED, SIZES } from './scale.ts'

afterAll(() => writeResults())

const SESSIONS = ['s-a', 's-b', 's-c']
const STEPS_PER_CLIENT = 250

const PLAN: AskUserQuestionItem[] = [
  {
    id: 'plan',
    question: 'Approve the plan?',
    detail: '## Plan\n1. <script>alert(1)</script>\n2. [x](javascript:alert(1))',
    options: [{ label: 'Approve' }, { label: 'Revise' }],
    intent: { kind: 'plan-review', approve: 'Approve' },
  },
]
const MANY: AskUserQuestionItem[] = Array.from({ length: 10 }, (_, i) => ({
  id: `q${i}`,
  question: `Question ${i} \u202E<img src=x onerror=alert(1)>`,
}))
const BATCHES = [QUESTIONS, PLAN, MANY]

/** A frame as the host would send it (before any mutation). */
interface FrameSeed {
  type: 'requested' | 'resolved' | 'ready' | 'app'
  session: number
  rpc: number
  batch: number
  outcome: 'answered' | 'cancelled' | 'aborted' | 'timed-out'
}

type Payload =
  | { kind: 'json'; seed: FrameSeed; mutations: Mutation[] }
  | { kind: 'raw'; data: unknown }

type Step = { kind: 'frame'; payload: Payload } | { kind: 'reconnect' }

const frameSeed: fc.Arbitrary<FrameSeed> = fc.record({
  type: fc.oneof(
    { weight: 5, arbitrary: fc.constant('requested' as const) },
    { weight: 3, arbitrary: fc.constant('resolved' as const) },
    { weight: 2, arbitrary: fc.constant('ready' as const) },
    { weight: 1, arbitrary: fc.constant('app' as const) },
  ),
  session: fc.nat({ max: SESSIONS.length - 1 }),
  rpc: fc.nat({ max: 39 }),
  batch: fc.nat({ max: BATCHES.length - 1 }),
  outcome: fc.constantFrom('answered', 'cancelled', 'aborted', 'timed-out'),
})

const rawData: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '',
    'not json',
    '{"type":"question/requested"',
    '{"type":"mux/ready"}garbage',
    'null',
    '[]',
    '42',
    '"mux/ready"',
    '{"type":"question/evil","rpcId":"s-a:1"}',
    '{"type":"mux/other"}',
    '{"type":""}',
    '{"type":1}',
    '{"__proto__":{"type":"mux/ready"}}',
    '{"constructor":{"prototype":{"polluted":true}},"type":"chat/x"}',
    null,
    undefined,
    42,
    new ArrayBuffer(8),
    new Uint8Array([123, 125]),
    { type: 'mux/ready' },
  ),
  hostileValue.map(writeTree),
  fc.string({ unit: 'binary', maxLength: 40 }),
)

const payload: fc.Arbitrary<Payload> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('json' as const),
      seed: frameSeed,
      mutations: fc.constant<Mutation[]>([]),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('json' as const),
      seed: frameSeed,
      mutations: fc.array(mutation, { minLength: 1, maxLength: 2 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('raw' as const), data: rawData }) },
)

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 30, arbitrary: fc.record({ kind: fc.constant('frame' as const), payload }) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'reconnect' }) },
)

const rpcIdOf = (session: number, rpc: number) => `${SESSIONS[session]}:${rpc}`

function frameOf(seed: FrameSeed): Record<string, unknown> {
  const sessionId = SESSIONS[seed.session] ?? ''
  const rpcId = rpcIdOf(seed.session, seed.rpc)
  switch (seed.type) {
    case 'requested':
      return {
        type: 'question/requested',
        rpcId,
        sessionId,
        callId: `call-${seed.rpc}`,
        questions: BATCHES[seed.batch],
        requestedAt: 1_700_000_000_000 + seed.rpc,
      }
    case 'resolved':
      return { type: 'question/resolved', rpcId, sessionId, outcome: seed.outcome }
    case 'ready':
      return { type: 'mux/ready' }
    default:
      return { type: 'chat/event', event: { kind: 'agent', text: '<b>hi</b>' } }
  }
}

function dataOf(item: Payload): unknown {
  if (item.kind === 'raw') return item.data
  const tree = toTree(frameOf(item.seed))
  for (const change of item.mutations) mutate(tree, structuredClone(change))
  return writeTree(tree)
}

/**
 * The reference model of the client's store (docs/protocol.md, "Replay and
 * ready"): entries, tombstones, and the outcomes of the last
 * `RESOLUTION_LIMIT` resolved rpcIds per session (the first outcome of an
 * rpcId stands while it is remembered).
 */
function createModel() {
  const entries = new Map<string, string[]>()
  const tombstones = new Map<string, Set<string>>()
  const firstFrames = new Map<string, unknown>()
  const outcomes = new Map<string, [string, string][]>()
  let live = false
  let replayed = new Set<string>()
  const listOf = (sessionId: string) => entries.get(sessionId) ?? []
  const graveOf = (sessionId: string) => {
    const grave = tombstones.get(sessionId) ?? new Set<string>()
    tombstones.set(sessionId, grave)
    return grave
  }
  const bury = (sessionId: string, rpcId: string) => {
    entries.set(
      sessionId,
      listOf(sessionId).filter((id) => id !== rpcId),
    )
    graveOf(sessionId).add(rpcId)
  }
  const record = (sessionId: string, rpcId: string, outcome: string) => {
    const list = outcomes.get(sessionId) ?? []
    if (list.some(([id]) => id === rpcId)) return
    outcomes.set(
      sessionId,
      [...list, [rpcId, outcome] as [string, string]].slice(-RESOLUTION_LIMIT),
    )
  }
  return {
    entries,
    tombstones,
    firstFrames,
    outcomes,
    apply(frame: DownlinkFrame): void {
      if (frame.type === 'question/requested') {
        const { sessionId, rpcId } = frame as { sessionId: string; rpcId: string }
        if (!live) replayed.add(rpcId)
        if (graveOf(sessionId).has(rpcId) || listOf(sessionId).includes(rpcId)) return
        entries.set(sessionId, [...listOf(sessionId), rpcId])
        firstFrames.set(`${sessionId}|${rpcId}`, frame)
      } else if (frame.type === 'question/resolved') {
        const { sessionId, rpcId, outcome } = frame as {
          sessionId: string
          rpcId: string
          outcome: string
        }
        bury(sessionId, rpcId)
        record(sessionId, rpcId, outcome)
      } else if (frame.type === 'mux/ready') {
        if (live) return
        live = true
        for (const [sessionId, list] of entries)
          for (const rpcId of list) if (!replayed.has(rpcId)) bury(sessionId, rpcId)
        replayed = new Set()
      }
    },
    reconnect(): void {
      live = false
      replayed = new Set()
    },
  }
}

class FakeSocket implements WebSocketLike {
  onopen: ((event: unknown) => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onclose: ((event: unknown) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  closed = false
  close(): void {
    this.closed = true
  }
}

describe('frame fuzzing on the client', () => {
  it(
    'drops every frame the wire schemas refuse, never throws, and keeps its store consistent',
    () => {
      const runs = Math.ceil((SIZES.frames * 1.1) / STEPS_PER_CLIENT)
      const scripts = fc.sample(
        fc.array(step, { minLength: STEPS_PER_CLIENT, maxLength: STEPS_PER_CLIENT }),
        {
          seed: SEED,
          numRuns: runs,
        },
      )
      const failures: string[] = []
      let frames = 0
      let refused = 0
      let accepted = 0
      let reported = 0
      let throws = 0
      let reconnects = 0
      let replaysKept = 0
      let outcomesRecorded = 0
      let resurrections = 0
      let duplicates = 0
      let maxPending = 0

      scripts.forEach((script, run) => {
        const current: { socket: FakeSocket | null; timer: (() => void) | null } = {
          socket: null,
          timer: null,
        }
        const timers: ClientTimers = {
          setTimeout: (callback) => {
            current.timer = callback
            return 1
          },
          clearTimeout: () => {
            current.timer = null
          },
        }
        const client = createQuestionClient({
          baseUrl: 'http://fuzz.invalid',
          WebSocket: class extends FakeSocket {
            constructor(_url: string) {
              super()
              current.socket = this
            }
          },
          fetch: () => Promise.reject(new Error('no network in the frame fuzzer')),
          timers,
          random: () => 0.5,
        })
        client.start()
        // Each fake upgrade succeeds: a drop after it is a reconnect, not a refusal to probe.
        current.socket?.onopen?.({})
        client.onFrameError(() => {
          reported += 1
        })
        const model = createModel()
        // The entry each rpcId first got: a replay must keep it (same object, same place).
        const firstEntries = new Map<string, ClientQuestion>()

        const check = (label: string) => {
          for (const sessionId of SESSIONS) {
            const shown = client.getSessionQuestions(sessionId)
            const ids = shown.map((q) => q.rpcId)
            const expected = model.entries.get(sessionId) ?? []
            if (new Set(ids).size !== ids.length) duplicates += 1
            const grave = model.tombstones.get(sessionId)
            if (grave && ids.some((id) => grave.has(id))) resurrections += 1
            maxPending = Math.max(maxPending, ids.length)
            if (ids.join() !== expected.join()) {
              failures.push(`run ${run} ${label}: ${sessionId} shows [${ids}] not [${expected}]`)
              return false
            }
            for (const question of shown) {
              const first = model.firstFrames.get(`${sessionId}|${question.rpcId}`) as Record<
                string,
                unknown
              >
              if (JSON.stringify(question.questions) !== JSON.stringify(first?.questions)) {
                failures.push(`run ${run} ${label}: ${question.rpcId} shows other questions`)
                return false
              }
              const key = `${sessionId}|${question.rpcId}`
              const entry = firstEntries.get(key) ?? question
              firstEntries.set(key, entry)
              if (entry !== question) {
                failures.push(`run ${run} ${label}: ${question.rpcId} lost its identity`)
                return false
              }
            }
            const resolutions = client.getSessionResolutions(sessionId)
            const recorded = (model.outcomes.get(sessionId) ?? []).map(([id, o]) => `${id}=${o}`)
            const shownOutcomes = Object.keys(resolutions).map((id) => `${id}=${resolutions[id]}`)
            if (shownOutcomes.sort().join() !== recorded.sort().join()) {
              failures.push(
                `run ${run} ${label}: ${sessionId} outcomes [${shownOutcomes}] not [${recorded}]`,
              )
              return false
            }
          }
          return true
        }

        for (const [index, item] of script.entries()) {
          const label = `step ${index}`
          if (item.kind === 'reconnect') {
            reconnects += 1
            current.socket?.onclose?.({})
            const fire = current.timer
            current.timer = null
            fire?.()
            current.socket?.onopen?.({})
            model.reconnect()
          } else {
            frames += 1
            const data = dataOf(item.payload)
            const verdict = parseDownlinkFrame(data)
            const before = client.getState()
            const reportedBefore = reported
            try {
              current.socket?.onmessage?.({ data })
            } catch (error) {
              throws += 1
              failures.push(`run ${run} ${label}: the client threw ${(error as Error).message}`)
            }
            if (verdict.ok) {
              accepted += 1
              const value = verdict.value
              const { sessionId, rpcId } = value as { sessionId?: string; rpcId?: string }
              const queued = (model.entries.get(sessionId ?? '') ?? []).includes(rpcId ?? '')
              if (value.type === 'question/requested' && queued) replaysKept += 1
              if (value.type === 'question/resolved') outcomesRecorded += 1
              model.apply(value)
            } else {
              refused += 1
              if (client.getState() !== before)
                failures.push(`run ${run} ${label}: a refused frame changed the store`)
              if (reported !== reportedBefore + 1)
                failures.push(`run ${run} ${label}: a refused frame was not reported`)
            }
          }
          if (!check(label)) break
        }
        client.close()
      })

      recordPart({
        id: '2-frame-fuzz',
        title: 'Frame fuzzing on the client',
        expectation:
          'Generated downlink frames (valid frames of three sessions with reconnects and replays, the same frames mutated field by field with wrong types, huge strings, deep nesting, unicode edge cases and pollution keys, raw non-JSON and binary data, reserved types) fed to `@parley/client` through a fake WebSocket. Every frame `parseDownlinkFrame` refuses must leave the store untouched and be reported; after every frame the store must equal a reference model of the protocol (one entry per rpcId per session, arrival order, tombstoned rpcIds never back, a replayed request keeping its entry, the last 50 outcomes per session as the resolved frames carried them).',
        figures: [
          ['frames fed', frames],
          ['frames refused by the wire schemas (and reported)', refused],
          ['frames accepted', accepted],
          ['frame errors reported by the client', reported],
          ['client exceptions', throws],
          ['reconnects (replays)', reconnects],
          ['replays of a queued request (kept their entry and place)', replaysKept],
          ['question/resolved frames applied (outcomes checked)', outcomesRecorded],
          ['store mismatches against the model', failures.length - throws],
          ['duplicated entries seen', duplicates],
          ['tombstoned rpcIds resurrected', resurrections],
          ['largest pending list in one session', maxPending],
        ],
        failures: failures.length + duplicates + resurrections,
      })
      expect(failures.slice(0, 5)).toEqual([])
      expect(duplicates + resurrections).toBe(0)
      expect(frames).toBeGreaterThanOrEqual(SIZES.frames)
      expect(refused).toBeGreaterThan(frames / 5)
      expect(accepted).toBeGreaterThan(frames / 5)
    },
    FULL ? 600_000 : 240_000,
  )
})

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
