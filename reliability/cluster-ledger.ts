import { isDeepStrictEqual } from 'node:util'
import type { TestCluster } from '../packages/host-postgres/test/cluster.ts'
import type { ClusterTab } from './cluster-tabs.ts'

const STATES = ['pending', 'answered', 'cancelled', 'aborted', 'timed-out'] as const
type State = (typeof STATES)[number]

/** A question as the cluster's table holds it: the source of truth the tabs must agree with. */
export interface QuestionRow {
  rpcId: string
  sessionId: string
  state: State
  reason: string | null
  answer: unknown
  resumeKey: string | null
  /** The node awaiting it (`null` once its node left or died and it waits for a re-attaching agent). */
  owner: string | null
  delivered: boolean
}

const isState = (value: unknown): value is State =>
  typeof value === 'string' && (STATES as readonly string[]).includes(value)

/** Every question in the table, parsed row by row. */
export async function questionRows(admin: TestCluster['admin']): Promise<QuestionRow[]> {
  const { rows } = await admin.query<Record<string, unknown>>(
    `SELECT rpc_id, session_id, state, reason, answer, resume_key, owner,
            delivered_at IS NOT NULL AS delivered
     FROM parley_questions ORDER BY seq`,
  )
  return rows.map((row) => {
    const { rpc_id, session_id, state, reason, resume_key, owner, delivered } = row
    if (typeof rpc_id !== 'string' || typeof session_id !== 'string' || !isState(state))
      throw new Error(`a question row that does not parse: ${JSON.stringify(row)}`)
    return {
      rpcId: rpc_id,
      sessionId: session_id,
      state,
      reason: typeof reason === 'string' ? reason : null,
      answer: row.answer ?? null,
      resumeKey: typeof resume_key === 'string' ? resume_key : null,
      owner: typeof owner === 'string' ? owner : null,
      delivered: delivered === true,
    }
  })
}

/** What the tabs saw, checked against the table. */
export interface TabVerdict {
  connections: number
  /** `question/requested` frames beyond the first for one rpcId on one connection. */
  duplicates: number
  /** `question/requested` frames after that rpcId's `question/resolved` on the same connection. */
  reappeared: string[]
  /** Questions a tab still shows at the end, or that its live connection holds pending. */
  stale: string[]
  /** `question/resolved` frames whose outcome or reason is not the table's. */
  wrongOutcome: string[]
  /** Requested rpcIds the table does not hold (a question nobody asked, or a second card). */
  unknown: string[]
  /**
   * A connection that was live before a question was asked, and later proved
   * it was past every frame sent about it (still open at the end, or it got
   * the marker another node broadcast once the ask settled), without that
   * question's `question/resolved`: a lost frame.
   */
  lost: string[]
  /** (connection, question) pairs the lost check covered. */
  covered: number
  resolvedFrames: number
  replayedOrLive: number
  frameErrors: number
  /** `mux/hello` frames naming an instance: a tab would take a node change for a restart. */
  namedInstances: number
}

/**
 * An app frame a node broadcast to a question's session after its ask
 * settled. A connection to another node that got it was past the
 * question's `question/resolved` (notifications arrive in commit order).
 */
export interface SettledMark {
  node: string
  type: string
}

/**
 * Checks every connection of every tab: no duplicate or reappearing card, no
 * stale card at the end, outcomes as the table says, no lost `question/resolved`.
 * `askedAt` holds when each question's ask started (the test's clock).
 */
export function checkTabs(
  tabs: readonly ClusterTab[],
  rows: readonly QuestionRow[],
  askedAt: ReadonlyMap<string, number>,
  marks: ReadonlyMap<string, SettledMark> = new Map(),
): TabVerdict {
  const byId = new Map(rows.map((row) => [row.rpcId, row]))
  const verdict: TabVerdict = {
    connections: 0,
    duplicates: 0,
    reappeared: [],
    stale: [],
    wrongOutcome: [],
    unknown: [],
    lost: [],
    covered: 0,
    resolvedFrames: 0,
    replayedOrLive: 0,
    frameErrors: 0,
    namedInstances: 0,
  }
  for (const tab of tabs) {
    verdict.frameErrors += tab.frameErrors
    verdict.namedInstances += tab.namedInstances
    for (const rpcId of tab.view) verdict.stale.push(`${tab.name} shows ${rpcId}`)
    tab.connections.forEach((connection, index) => {
      const where = `${tab.name}#${index}@${connection.node}`
      verdict.connections += 1
      for (const rpcId of connection.reappeared) verdict.reappeared.push(`${where}: ${rpcId}`)
      for (const [rpcId, count] of connection.requested) {
        verdict.replayedOrLive += count
        verdict.duplicates += count - 1
        if (!byId.has(rpcId)) verdict.unknown.push(`${where}: ${rpcId}`)
      }
      for (const [rpcId, frame] of connection.resolved) {
        verdict.resolvedFrames += 1
        const row = byId.get(rpcId)
        if (row?.state !== frame.outcome || (frame.reason ?? null) !== row.reason)
          verdict.wrongOutcome.push(
            `${where}: ${rpcId} ${frame.outcome}/${frame.reason} but ${row?.state}/${row?.reason}`,
          )
      }
      const { readyAt } = connection
      if (readyAt === null) return
      const openAtEnd = connection.closedAt === null
      if (openAtEnd)
        for (const rpcId of connection.pending)
          verdict.stale.push(`${where} holds ${rpcId} pending`)
      for (const row of rows) {
        const asked = askedAt.get(row.rpcId)
        if (asked === undefined || !tab.sees(row.sessionId) || readyAt > asked) continue
        const mark = marks.get(row.rpcId)
        const pastIt =
          openAtEnd ||
          (mark !== undefined && mark.node !== connection.node && connection.marks.has(mark.type))
        if (!pastIt) continue
        verdict.covered += 1
        if (!connection.resolved.has(row.rpcId)) verdict.lost.push(`${where}: ${row.rpcId}`)
      }
    })
  }
  return verdict
}

/** Settles `promise` or rejects after `ms` with `label`. */
export function within<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${label}`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** The largest value, or 0. */
export const maxOf = (values: Iterable<number>) => Math.max(0, ...values)

/** How many of `wanted`'s checks `checks` breaks (each key compared deeply). */
export function brokenChecks(checks: object, wanted: object): number {
  return Object.entries(wanted).filter(
    ([key, value]) => !isDeepStrictEqual(Reflect.get(checks, key), value),
  ).length
}

/** The tab checks every part asserts (all empty or 0 when the cluster behaves). */
export function tabChecks(verdict: TabVerdict) {
  return {
    duplicates: verdict.duplicates,
    reappeared: verdict.reappeared,
    stale: verdict.stale,
    wrongOutcome: verdict.wrongOutcome,
    lost: verdict.lost,
    unknown: verdict.unknown,
    frameErrors: verdict.frameErrors,
    namedInstances: verdict.namedInstances,
  }
}

/** What `tabChecks` must find. */
export const CLEAN_TABS = {
  duplicates: 0,
  reappeared: [],
  stale: [],
  wrongOutcome: [],
  lost: [],
  unknown: [],
  frameErrors: 0,
  namedInstances: 0,
}

/** The tab figures every part reports. */
export function tabFigures(verdict: TabVerdict): [string, number | string][] {
  return [
    ['tab connections', verdict.connections],
    ['question/requested frames received (replayed or live)', verdict.replayedOrLive],
    ['question/resolved frames received', verdict.resolvedFrames],
    ['duplicated question/requested on one connection', verdict.duplicates],
    ['question/requested after its question/resolved', verdict.reappeared.length],
    ['stale questions in tabs at the end', verdict.stale.length],
    ['question/resolved with another outcome than the table', verdict.wrongOutcome.length],
    [
      'lost question/resolved (connection live from the ask until past it)',
      `${verdict.lost.length} of ${verdict.covered} covered`,
    ],
    ['rpcIds shown that the table does not hold', verdict.unknown.length],
    ['frames the wire schemas refused', verdict.frameErrors],
    ['mux/hello frames naming a host instance (a cluster names none)', verdict.namedInstances],
  ]
}

/** Polls the table until no question (of `owner`, when given) is pending. */
export async function untilNonePending(
  admin: TestCluster['admin'],
  timeoutMs: number,
  owner?: string,
): Promise<void> {
  const deadline = performance.now() + timeoutMs
  const waiting = (row: QuestionRow) =>
    row.state === 'pending' && (owner === undefined || row.owner === owner)
  for (;;) {
    if (!(await questionRows(admin)).some(waiting)) return
    if (performance.now() > deadline) throw new Error('questions still pending in the table')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
