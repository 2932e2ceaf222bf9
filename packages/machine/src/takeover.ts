/**
 * When the question card takes the chat input's place, waits over it, or
 * hands it back: the chat-input takeover as one pure rule, so every adapter
 * (`@parley/react`'s `ComposerSlot`, a vanilla renderer) decides it the same
 * way and a test can walk every case without a DOM.
 */

/** What the takeover rule reads. Times in ms. */
export interface TakeoverInput {
  /** The request that owns the composer (the first pending one), or `null` when none is pending. */
  readonly pending: string | null
  /** The request the slot shows taken over now, or `null` while the chat input shows. */
  readonly taken: string | null
  /** A card of this tab's own answer or cancel is still in flight: the slot stays as it is. */
  readonly sending: boolean
  /** Time since the person last typed in the chat input (`Infinity` if never). */
  readonly idleMs: number
  /** Focus is in the chat input and the field holds text not yet sent. */
  readonly unsentText: boolean
  /** An IME composition is open in the chat input. */
  readonly composing: boolean
  /** How long after the last keystroke the person keeps the chat input. */
  readonly graceMs: number
  /**
   * Time since a pointer last moved or pressed on the waiting card
   * (`Infinity` if never). Taking over slides the card onto the input's
   * place, so a pointer at work on it holds it like typing does: an option
   * would slide away under a click. @default Infinity
   */
  readonly pointerIdleMs?: number | undefined
}

/**
 * The decision: `take-over` the chat input for `rpcId`; `wait` over it and
 * look again after `lookAgainMs` (or sooner, on the person's next move);
 * `hand-back` the chat input; or `keep` what is shown.
 */
export type TakeoverDecision =
  | { readonly type: 'take-over'; readonly rpcId: string }
  | { readonly type: 'wait'; readonly lookAgainMs: number }
  | { readonly type: 'hand-back' }
  | { readonly type: 'keep' }

/**
 * How often a wait held by unsent text or an open composition looks again:
 * an app may clear its input without an input event, so the rule is re-read.
 */
export const TAKEOVER_POLL_MS = 400

/**
 * The takeover rule. Nothing pending: hand the chat input back, unless this
 * tab's own send is in flight. Already taken over: the card stays, and
 * follows the next pending request. Otherwise the card takes over once the
 * person has not typed for `graceMs` and holds no unsent text or open
 * composition in the chat input, and no pointer has moved on the card for
 * `graceMs` either; until then it waits over it. Never hides what someone is
 * typing, nor moves a card under a pointer at work on it.
 */
export function takeoverDecision(input: TakeoverInput): TakeoverDecision {
  const { pending, taken } = input
  if (pending === null)
    return input.sending || taken === null ? { type: 'keep' } : { type: 'hand-back' }
  if (taken !== null)
    return taken === pending ? { type: 'keep' } : { type: 'take-over', rpcId: pending }
  const holding = input.unsentText || input.composing
  const idle = Math.min(input.idleMs, input.pointerIdleMs ?? Number.POSITIVE_INFINITY)
  const left = input.graceMs - idle
  if (left <= 0 && !holding) return { type: 'take-over', rpcId: pending }
  return { type: 'wait', lookAgainMs: holding ? Math.max(TAKEOVER_POLL_MS, left) : left }
}
