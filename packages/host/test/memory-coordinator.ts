import type { DeadlineReason, QuestionEndedBy, QuestionOutcome } from '@parley/seam/wire'
import type {
  ClaimOutcome,
  CoordinatedEntry,
  CoordinatedNode,
  CoordinatedSettlement,
  PendingEntry,
  QuestionCoordinator,
  RegisterOutcome,
} from '../src/index.ts'

/** A doorbell one node rings the others with, as the PostgreSQL coordinator's NOTIFY. */
export type Doorbell =
  | { kind: 'requested'; rpcId: string; sessionId: string }
  | {
      kind: 'resolved'
      rpcId: string
      sessionId: string
      outcome: QuestionOutcome
      reason?: 'server-gone' | undefined
      by?: QuestionEndedBy | undefined
      settlement?: CoordinatedSettlement | undefined
    }
  | { kind: 'attached'; rpcId: string; previous: string | null }
  | {
      kind: 'deadline'
      rpcId: string
      sessionId: string
      deadlineAt: number
      reason: DeadlineReason
      owner: string | null
    }
  | { kind: 'frame'; sessionId: string; text: string }

/** The coordinator methods whose reply a test may hold back. */
export type Stallable = 'register' | 'claim' | 'collect' | 'get'

/** A held reply: the change is made at once, the node hears of it on `release()`. */
export interface Stall {
  /** Resolves once the stalled call made its change. */
  readonly reached: Promise<void>
  release(): void
}

interface Row {
  readonly entry: PendingEntry
  owner: string | null
  resumeKey: string | undefined
  deadlineAt: number | undefined
  state: 'pending' | QuestionOutcome
  settlement: CoordinatedSettlement | undefined
  responseId: string | undefined
  delivered: boolean
}

interface Member {
  readonly node: CoordinatedNode
  readonly inbox: Doorbell[]
  held: boolean
  /** The doorbells being handled, one at a time, in the order they came (the listener's queue). */
  chain: Promise<void>
}

/** A question as another node reads it back: the frame (its deadline as stored now), no callbacks. */
function stored(row: Row): PendingEntry {
  const { frame } = row.entry
  const moved = frame.deadlineAt !== undefined && row.deadlineAt !== frame.deadlineAt
  const now = moved ? { ...frame, deadlineAt: row.deadlineAt } : frame
  return {
    rpcId: now.rpcId,
    sessionId: now.sessionId,
    frame: now,
    frameText: moved ? JSON.stringify(now) : row.entry.frameText,
    request: { questions: now.questions, sessionId: now.sessionId },
  }
}

/**
 * A cluster's shared source of truth in memory: what `@parley/host-postgres`
 * keeps in its tables and rings with NOTIFY, for `@parley/host`'s own tests.
 * Every doorbell goes to the other nodes' inboxes and is delivered at once
 * (in order, one at a time per node), unless the test holds a node's inbox
 * and delivers by hand: late, out of order, twice or never.
 */
export function createMemoryCluster() {
  const rows = new Map<string, Row>()
  const members = new Map<string, Member>()
  const dead = new Set<string>()
  const stalls = new Map<string, Stall & { hold: Promise<void>; reach(): void }>()

  const alive = (nodeId: string | null) =>
    nodeId !== null && members.has(nodeId) && !dead.has(nodeId)

  function handle(member: Member, bell: Doorbell): Promise<void> | void {
    const { node } = member
    switch (bell.kind) {
      case 'requested': {
        const row = rows.get(bell.rpcId)
        return node.requested(bell.sessionId, async () => (row ? stored(row) : undefined))
      }
      case 'resolved':
        return node.resolved({ ...bell, owner: null })
      case 'attached':
        return
      case 'deadline':
        return node.deadline(bell)
      case 'frame':
        return node.frame(bell.sessionId, bell.text)
    }
  }

  function deliver(nodeId: string, bells: readonly Doorbell[]): Promise<void> {
    const member = members.get(nodeId)
    if (!member) return Promise.resolve()
    for (const bell of bells) {
      if (bell.kind === 'attached') {
        // Only the node that awaited the question hears that it now waits elsewhere.
        if (bell.previous === nodeId)
          member.chain = member.chain.then(() => member.node.superseded(bell.rpcId))
        continue
      }
      member.chain = member.chain
        .then(() => handle(member, bell))
        .catch((error: unknown) => member.node.report(error, 'memory.doorbell'))
    }
    return member.chain
  }

  /** Rings `bell` on every other node (every node, `from` included, when `from` is null: the reaper). */
  function ring(from: string | null, bell: Doorbell): void {
    for (const [nodeId, member] of members) {
      if (nodeId === from || dead.has(nodeId)) continue
      if (member.held) member.inbox.push(bell)
      else void deliver(nodeId, [bell])
    }
  }

  async function stalled(nodeId: string, method: Stallable): Promise<void> {
    const key = `${nodeId}:${method}`
    const stall = stalls.get(key)
    if (!stall) return
    stalls.delete(key)
    stall.reach()
    await stall.hold
  }

  function end(row: Row, settlement: CoordinatedSettlement, by: string | null): void {
    row.state = settlement.outcome
    row.settlement = settlement
    row.delivered = row.owner !== null && row.owner === by
  }

  function resolvedBell(row: Row, by?: QuestionEndedBy): Doorbell {
    const { settlement } = row
    return {
      kind: 'resolved',
      rpcId: row.entry.rpcId,
      sessionId: row.entry.sessionId,
      outcome: settlement?.outcome ?? 'aborted',
      reason: settlement?.outcome === 'answered' ? undefined : settlement?.reason,
      by,
      settlement: settlement?.outcome === 'answered' ? settlement : undefined,
    }
  }

  function coordinator(nodeId: string): QuestionCoordinator {
    return {
      nodeId,
      async join(node) {
        members.set(nodeId, { node, inbox: [], held: false, chain: Promise.resolve() })
      },
      async register(entry: CoordinatedEntry): Promise<RegisterOutcome> {
        const outcome = registerNow(nodeId, entry)
        await stalled(nodeId, 'register')
        return outcome
      },
      async get(rpcId) {
        const row = rows.get(rpcId)
        const found = row?.state === 'pending' ? stored(row) : undefined
        await stalled(nodeId, 'get')
        return found
      },
      async claim(rpcId, settlement, responseId, by): Promise<ClaimOutcome> {
        const outcome = claimNow(nodeId, rpcId, settlement, responseId, by)
        await stalled(nodeId, 'claim')
        return outcome
      },
      async repeated(rpcId, sessionId, responseId) {
        const row = rows.get(rpcId)
        return row?.entry.sessionId === sessionId && row.responseId === responseId
      },
      async collect(rpcId) {
        const row = rows.get(rpcId)
        let found: CoordinatedSettlement | undefined
        if (row && row.owner === nodeId && row.state !== 'pending' && !row.delivered) {
          row.delivered = true
          found = row.settlement
        }
        await stalled(nodeId, 'collect')
        return found
      },
      async snapshot(includes, sessions) {
        return [...rows.values()]
          .filter((row) => row.state === 'pending')
          .filter(
            ({ entry }) =>
              (sessions === null || sessions.has(entry.sessionId)) && includes(entry.sessionId),
          )
          .map(stored)
      },
      async extend(rpcId, sessionId, reason, decide) {
        const row = rows.get(rpcId)
        if (row?.state !== 'pending' || row.entry.sessionId !== sessionId) return undefined
        const { owner } = row
        if (row.deadlineAt === undefined)
          return { receipt: { extended: false, reason: 'no-deadline' }, owner }
        const receipt = decide({ ...stored(row), frame: row.entry.frame }, row.deadlineAt)
        if (receipt.extended) {
          row.deadlineAt = receipt.deadlineAt
          const { deadlineAt } = receipt
          ring(nodeId, { kind: 'deadline', rpcId, sessionId, deadlineAt, reason, owner })
        }
        return { receipt, owner }
      },
      broadcast(sessionId, text) {
        ring(nodeId, { kind: 'frame', sessionId, text })
      },
      async leave(release) {
        for (const rpcId of release) {
          const row = rows.get(rpcId)
          if (row?.state === 'pending' && row.owner === nodeId) row.owner = null
        }
        members.delete(nodeId)
      },
    }
  }

  function registerNow(nodeId: string, entry: CoordinatedEntry): RegisterOutcome {
    const key = entry.resumeKey
    const same =
      key === undefined
        ? undefined
        : [...rows.values()].find(
            (row) => row.resumeKey === key && row.entry.sessionId === entry.sessionId,
          )
    if (same?.state === 'pending') {
      const previous = same.owner
      same.owner = nodeId
      ring(nodeId, { kind: 'attached', rpcId: same.entry.rpcId, previous })
      return { kind: 'attached', entry: stored(same), deadlineAt: same.deadlineAt }
    }
    if (same) same.resumeKey = undefined
    if (same && !same.delivered && same.settlement) {
      same.delivered = true
      same.owner = nodeId
      return { kind: 'settled', rpcId: same.entry.rpcId, settlement: same.settlement }
    }
    const row: Row = {
      entry,
      owner: nodeId,
      resumeKey: key,
      deadlineAt: entry.deadlineAt,
      state: 'pending',
      settlement: undefined,
      responseId: undefined,
      delivered: false,
    }
    rows.set(entry.rpcId, row)
    ring(nodeId, { kind: 'requested', rpcId: entry.rpcId, sessionId: entry.sessionId })
    return { kind: 'created' }
  }

  function claimNow(
    nodeId: string,
    rpcId: string,
    settlement: CoordinatedSettlement,
    responseId: string | undefined,
    by: QuestionEndedBy | undefined,
  ): ClaimOutcome {
    const row = rows.get(rpcId)
    const moved =
      settlement.outcome === 'timed-out' &&
      settlement.deadlineAt !== undefined &&
      row?.deadlineAt !== undefined &&
      row.deadlineAt > settlement.deadlineAt + 1
    // A plain question of a dead node waits for the reaper: nobody else may claim it.
    const claimable =
      row?.resumeKey !== undefined || row?.owner === nodeId || alive(row?.owner ?? null)
    if (row?.state === 'pending' && !moved && claimable) {
      end(row, settlement, nodeId)
      row.responseId = responseId
      ring(nodeId, resolvedBell(row, by))
      return { status: 'won', sessionId: row.entry.sessionId }
    }
    if (responseId !== undefined && row?.responseId === responseId) return { status: 'repeat' }
    return { status: 'lost' }
  }

  return {
    /** The coordinator of node `nodeId`, for `createQuestionHost({ coordinator })`. */
    coordinator,
    /** Holds back every doorbell to `nodeId` until the test delivers it. */
    hold(nodeId: string): void {
      const member = members.get(nodeId)
      if (member) member.held = true
    },
    /** The doorbells held for `nodeId`, oldest first. */
    held(nodeId: string): readonly Doorbell[] {
      return [...(members.get(nodeId)?.inbox ?? [])]
    },
    /**
     * Delivers to `nodeId` the doorbells `pick` returns from those held, in
     * its order (twice when it names one twice); the others stay held, or
     * are dropped with `drop`. Resolves once the node handled them.
     */
    deliver(
      nodeId: string,
      pick: (held: readonly Doorbell[]) => readonly Doorbell[] = (held) => held,
      drop = false,
    ): Promise<void> {
      const inbox = members.get(nodeId)?.inbox ?? []
      const picked = pick([...inbox])
      const rest = drop ? [] : inbox.filter((bell) => !picked.includes(bell))
      inbox.splice(0, inbox.length, ...rest)
      return deliver(nodeId, picked)
    },
    /** Holds back the reply of `nodeId`'s next `method` call (its change is made at once). */
    stall(nodeId: string, method: Stallable): Stall {
      let reach = () => {}
      let release = () => {}
      const reached = new Promise<void>((resolve) => {
        reach = resolve
      })
      const hold = new Promise<void>((resolve) => {
        release = resolve
      })
      const stall = { reached, release, hold, reach }
      stalls.set(`${nodeId}:${method}`, stall)
      return stall
    },
    /** `nodeId` stops: it hears nothing more and is dead to the others' claims. */
    kill(nodeId: string): void {
      dead.add(nodeId)
    },
    /**
     * What `by`'s reaper does once the dead nodes' heartbeats are old: their
     * plain questions end `aborted` (`server-gone`) on every node, their
     * durable ones wait for an agent to re-attach, and with `graceOver` the
     * durable ones nobody re-attached to end too.
     */
    async reap(by: string, graceOver = false): Promise<void> {
      const ended: Row[] = []
      for (const row of rows.values()) {
        if (row.state !== 'pending') continue
        const ownerGone = row.owner !== null && !alive(row.owner)
        if (ownerGone && row.resumeKey !== undefined) row.owner = null
        else if (ownerGone || (graceOver && row.owner === null)) {
          end(row, { outcome: 'aborted', reason: 'server-gone' }, null)
          ended.push(row)
        }
      }
      for (const row of ended) ring(null, resolvedBell(row))
      members
        .get(by)
        ?.node.reaped?.(
          ended.map((row) => ({ entry: stored(row), outcome: 'aborted', reason: 'server-gone' })),
        )
      await this.settled()
    },
    /** `nodeId`'s periodic re-check: settles what it awaits but missed hearing about. */
    async recheck(nodeId: string): Promise<void> {
      const member = members.get(nodeId)
      if (!member) return
      for (const rpcId of member.node.awaited()) {
        const row = rows.get(rpcId)
        if (!row) continue
        if (row.state === 'pending') {
          if (row.owner !== nodeId) member.node.superseded(rpcId)
        } else
          await member.node.resolved({
            rpcId,
            sessionId: row.entry.sessionId,
            outcome: row.state,
            reason: row.settlement?.outcome === 'answered' ? undefined : row.settlement?.reason,
            owner: row.owner,
          })
      }
    },
    /**
     * Resolves once every doorbell not held was handled and what it set off
     * ran: the doorbell queues are empty and a turn of the event loop found
     * nothing more to do (no timer is waited for).
     */
    async settled(): Promise<void> {
      for (let round = 0; round < 50; round++) {
        const chains = [...members.values()].map((member) => member.chain)
        await Promise.all(chains)
        await new Promise<void>((resolve) => setImmediate(resolve))
        const now = [...members.values()].map((member) => member.chain)
        if (now.length === chains.length && now.every((chain, i) => chain === chains[i])) return
      }
    },
  }
}

export type MemoryCluster = ReturnType<typeof createMemoryCluster>
