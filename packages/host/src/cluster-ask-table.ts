import type { CoordinatedSettlement } from './coordinator.ts'
import type { Waiter } from './waiters.ts'

/**
 * An ending heard before anyone on this node awaited the question: the
 * settlement this node's own claim won, or `null` when another node's was
 * heard (the coordinator then has it, to collect).
 */
export type EarlyEnding = CoordinatedSettlement | null

/**
 * Where one question stands on this node. The cluster sees a question once
 * it is stored, before the node that asked it awaits it, so an answer may
 * come first; and a registration may attach to a question it could not name
 * before it returned.
 */
export type AskPhase =
  /** This node is storing it; nobody awaits it here yet. `ended` once its ending was heard meanwhile. */
  | { readonly phase: 'registering'; readonly ended: EarlyEnding | undefined }
  /** It ended while a registration of this node (which may attach to it) was in flight. */
  | { readonly phase: 'ended-early'; readonly ended: EarlyEnding }
  /** An agent on this node awaits it. */
  | { readonly phase: 'awaiting'; readonly waiter: Waiter }
  /** Nobody here awaits it; this node only claims or reads it. */
  | { readonly phase: 'elsewhere' }

/**
 * One question's record: its phase, and how many of this node's claims and
 * reads of it are in flight. A read that finds the question delivered
 * already means "delivered elsewhere" only when no other path of this node
 * may have delivered it, so a read waits its turn (two fields, as TanStack
 * Query keeps `status` and `fetchStatus`).
 */
interface AskRecord {
  phase: AskPhase
  inFlight: number
}

/**
 * The cluster registry's table of questions, one record per rpcId, kept only
 * while the record says something: a question leaves it once nobody here
 * awaits it and nothing of this node is at it.
 */
export function createAskTable() {
  const records = new Map<string, AskRecord>()
  /** How many records are `registering` (an index of the table, never set by hand). */
  let registrations = 0

  function put(rpcId: string, phase: AskPhase): void {
    const record = records.get(rpcId)
    if (record?.phase.phase === 'registering') registrations -= 1
    if (phase.phase === 'registering') registrations += 1
    if (phase.phase === 'elsewhere' && (record?.inFlight ?? 0) === 0) records.delete(rpcId)
    else if (record) record.phase = phase
    else records.set(rpcId, { phase, inFlight: 0 })
  }

  /** The questions that ended early and that no registration in flight can claim any more. */
  function forgetEarlyEndings(): void {
    if (registrations > 0) return
    for (const [rpcId, record] of records)
      if (record.phase.phase === 'ended-early') put(rpcId, { phase: 'elsewhere' })
  }

  const waiterOf = (rpcId: string): Waiter | undefined => {
    const phase = records.get(rpcId)?.phase
    return phase?.phase === 'awaiting' ? phase.waiter : undefined
  }

  return {
    waiterOf,
    /** Every waiter on this node. */
    waiters(): Waiter[] {
      const found: Waiter[] = []
      for (const { phase } of records.values())
        if (phase.phase === 'awaiting') found.push(phase.waiter)
      return found
    },
    /** A registration of `rpcId` (freshly minted) starts. */
    registering(rpcId: string): void {
      put(rpcId, { phase: 'registering', ended: undefined })
    },
    /**
     * The registration of `minted` returned, naming the question this node
     * now awaits (`awaited`, itself or the one it attached to): what ended
     * that question meanwhile, if anything did.
     */
    registered(minted: string, awaited: string): EarlyEnding | undefined {
      const phase = records.get(awaited)?.phase
      const ended =
        phase?.phase === 'registering' || phase?.phase === 'ended-early' ? phase.ended : undefined
      if (records.get(minted)?.phase.phase === 'registering') put(minted, { phase: 'elsewhere' })
      if (phase?.phase === 'ended-early') put(awaited, { phase: 'elsewhere' })
      forgetEarlyEndings()
      return ended
    },
    /** An agent on this node now awaits `waiter.rpcId`. */
    awaiting(waiter: Waiter): void {
      put(waiter.rpcId, { phase: 'awaiting', waiter })
    },
    /** Nobody here awaits `rpcId` any more: its waiter, if it had one. */
    take(rpcId: string): Waiter | undefined {
      const waiter = waiterOf(rpcId)
      if (waiter) put(rpcId, { phase: 'elsewhere' })
      return waiter
    },
    /**
     * `rpcId` ended (`ended`: this node's claim won, or `null`: another
     * node's) while nobody here awaits it: kept for a registration in flight
     * that may turn out to await it. A settlement replaces a `null`.
     */
    endedEarly(rpcId: string, ended: EarlyEnding): void {
      const phase = records.get(rpcId)?.phase
      if (phase?.phase === 'awaiting' || registrations === 0) return
      const next = ended ?? (phase && 'ended' in phase ? phase.ended : undefined) ?? null
      if (phase?.phase === 'registering') put(rpcId, { phase: 'registering', ended: next })
      else put(rpcId, { phase: 'ended-early', ended: next })
    },
    /** Is a claim or a read of this node at `rpcId`? */
    busy: (rpcId: string): boolean => (records.get(rpcId)?.inFlight ?? 0) > 0,
    /** Runs `work`, a claim or a read of `rpcId`, as one of this node's in flight for it. */
    async turn<T>(rpcId: string, work: () => Promise<T>): Promise<T> {
      const record = records.get(rpcId) ?? { phase: { phase: 'elsewhere' }, inFlight: 0 }
      records.set(rpcId, record)
      record.inFlight += 1
      try {
        return await work()
      } finally {
        record.inFlight -= 1
        if (record.inFlight === 0 && record.phase.phase === 'elsewhere') records.delete(rpcId)
      }
    },
  }
}

export type AskTable = ReturnType<typeof createAskTable>
