import type { StreamTicket } from './mux-stream.ts'
import { type Refusal, refusal } from './refusals.ts'

/** The bounds of the hub's stream slots. */
interface SlotLimits<P> {
  maxStreams: number
  maxStreamsPerPrincipal: number
  principalKey(principal: P): unknown
}

/** The hub's stream slots: how many downlinks are open, in all and per principal. */
export function createStreamSlots<P>(limits: SlotLimits<P>) {
  const perPrincipal = new Map<unknown, number>()
  let reserved = 0

  /** The refusal `reserve` would give `principal` now, or `null` when a slot is free. */
  function capacityFor(principal: P): Refusal | null {
    if (reserved >= limits.maxStreams) return refusal('HOST_FULL')
    const mine = perPrincipal.get(limits.principalKey(principal)) ?? 0
    return mine >= limits.maxStreamsPerPrincipal ? refusal('TOO_MANY_STREAMS') : null
  }

  return {
    capacityFor,
    /**
     * Reserves a stream slot for `principal`, or refuses: 429 above
     * `maxStreamsPerPrincipal`, 503 above `maxStreams`. Pass the ticket to
     * `open`, or release it if the stream never opens.
     */
    reserve(principal: P): StreamTicket | Refusal {
      const full = capacityFor(principal)
      if (full) return full
      const key = limits.principalKey(principal)
      const mine = perPrincipal.get(key) ?? 0
      reserved += 1
      perPrincipal.set(key, mine + 1)
      let released = false
      return {
        release() {
          if (released) return
          released = true
          reserved -= 1
          const left = (perPrincipal.get(key) ?? 1) - 1
          if (left > 0) perPrincipal.set(key, left)
          else perPrincipal.delete(key)
        },
      }
    },
  }
}
