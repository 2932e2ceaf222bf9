import fc from 'fast-check'
import { RESOLUTION_LIMIT } from '../packages/client/src/index.ts'
import type { AskUserQuestionItem } from '../packages/seam/src/index.ts'
import type { DownlinkFrame } from '../packages/seam/src/wire.ts'
import { QUESTIONS } from './demo.ts'
import { toTree, writeTree } from './json-tree.ts'
import { hostileValue, type Mutation, mutate, mutation } from './respond-cases.ts'

// The frame fuzzer's cases: generated downlink frames and the reference model of the client's store.

export const SESSIONS = ['s-a', 's-b', 's-c']
export const STEPS_PER_CLIENT = 250

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

export type Payload =
  | { kind: 'json'; seed: FrameSeed; mutations: Mutation[] }
  | { kind: 'raw'; data: unknown }

export type Step = { kind: 'frame'; payload: Payload } | { kind: 'reconnect' }

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

export const step: fc.Arbitrary<Step> = fc.oneof(
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

export function dataOf(item: Payload): unknown {
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
export function createModel() {
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

export type Model = ReturnType<typeof createModel>
