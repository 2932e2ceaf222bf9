// The slot's takeover of the chat input, as two hooks `ComposerSlot` calls:
// when the card takes the input's place (the machine's `takeoverDecision`, fed
// from the DOM) and where focus goes when it does and when it hands back.
import { takeoverDecision } from '@parley/machine'
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { useClientLayoutEffect } from '../text/layout-effect.ts'
import { focusIsFree, focusIsInCard, focusIsLost } from './focus.ts'
import { holdsUnsentText, isSendingEnter, textOf } from './slot-input.ts'

const TITLE = '[data-scope="question-composer"][data-part="title"]'
/** Where the slot shows its card (or cards). */
const CARD = '[data-scope="composer-slot"][data-part="composer"]'

const FOCUSABLE =
  'textarea, input, [contenteditable="true"], [contenteditable=""], button, [tabindex]'

/** The first focusable element of the chat input. */
export function firstFocusable(input: HTMLElement | null): HTMLElement | null {
  return input?.querySelector<HTMLElement>(FOCUSABLE) ?? null
}

/**
 * Which request has taken the chat input's place (`null`: none, the input
 * shows). The rule is the machine's: it waits while the person types or
 * composes in the input or moves a pointer on the waiting card, and looks
 * again after a pause. An Enter in the input while a question waits brings its
 * text to the question instead (`suggestion`, for its custom answer) and
 * takes over at once. Focus follows (`useTakeoverFocus`). Returns
 * `[takenOver, suggestion, inputEvents, restoreTo]`: the chat input's wrapper
 * takes `inputEvents`; `restoreTo` is where its focus was.
 */
export function useTakeover(
  /** The request that owns the composer, if one is pending. */
  activeId: string | null,
  /** This tab's own send is in flight for a card that left. */
  sending: boolean,
  typingGraceMs: number,
  now: () => number,
  /** The chat input's wrapper. */
  inputRef: RefObject<HTMLDivElement | null>,
  /** The slot's root. */
  slotRef: RefObject<HTMLDivElement | null>,
) {
  const lastInputAt = useRef(Number.NEGATIVE_INFINITY)
  const composing = useRef(false)
  const lastPointerAt = useRef(Number.NEGATIVE_INFINITY)
  const [takenOver, setTakenOver] = useState<string | null>(null)
  const [wake, setWake] = useState(0)
  const [suggestion, setSuggestion] = useState<{ text: string; n: number } | null>(null)
  /** The card puts focus in its custom answer for the text an Enter brought. */
  const suggested = useRef(false)

  // Before paint, so a takeover or a hand back is one frame: the card is never painted
  // where it waits, nor the input beside a card still on screen (either would shift the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `wake` re-runs the check after a pause
  useClientLayoutEffect(() => {
    const decision = takeoverDecision({
      pending: activeId,
      taken: takenOver,
      sending,
      idleMs: now() - lastInputAt.current,
      unsentText: holdsUnsentText(inputRef.current),
      composing: composing.current,
      pointerIdleMs: now() - lastPointerAt.current,
      graceMs: typingGraceMs,
    })
    if (decision.type === 'take-over') setTakenOver(decision.rpcId)
    else if (decision.type === 'hand-back') setTakenOver(null)
    else if (decision.type === 'wait') {
      const timer = setTimeout(() => setWake((n) => n + 1), decision.lookAgainMs)
      return () => clearTimeout(timer)
    }
  }, [activeId, sending, takenOver, typingGraceMs, now, wake])

  const waitingId = activeId !== null && takenOver === null ? activeId : null
  // Native listeners on the input's wrapper: a capture-phase keydown runs before the
  // app's own Enter handler, and focusout says the user left the input.
  useEffect(() => {
    const wrapper = inputRef.current
    if (!wrapper || waitingId === null) return
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isSendingEnter(event)) return
      const text = textOf(event.target instanceof Element ? event.target : null).trim()
      if (text.length === 0) return
      event.preventDefault()
      event.stopPropagation()
      suggested.current = true
      setSuggestion((last) => ({ text, n: (last?.n ?? 0) + 1 }))
      setTakenOver(waitingId)
    }
    const onFocusOut = () => setWake((n) => n + 1)
    wrapper.addEventListener('keydown', onKeyDown, true)
    wrapper.addEventListener('focusout', onFocusOut)
    return () => {
      wrapper.removeEventListener('keydown', onKeyDown, true)
      wrapper.removeEventListener('focusout', onFocusOut)
    }
  }, [waitingId, inputRef])

  // A pointer at work on the waiting card (moving over it, pressing it) holds it still as
  // typing does: the rule looks again once it has rested for the grace.
  useEffect(() => {
    const slot = slotRef.current
    if (!slot || waitingId === null) return
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Element && event.target.closest(CARD))
        lastPointerAt.current = now()
    }
    slot.addEventListener('pointermove', onPointer)
    slot.addEventListener('pointerdown', onPointer)
    return () => {
      slot.removeEventListener('pointermove', onPointer)
      slot.removeEventListener('pointerdown', onPointer)
    }
  }, [waitingId, slotRef, now])

  const onInput = useCallback(() => {
    lastInputAt.current = now()
  }, [now])
  const inputEvents = {
    onInput,
    onCompositionStart: () => {
      composing.current = true
    },
    onCompositionEnd: () => {
      composing.current = false
      setWake((n) => n + 1)
    },
  }
  const restoreTo = useTakeoverFocus(slotRef, inputRef, takenOver, suggested)
  return [takenOver, suggestion, inputEvents, restoreTo] as const
}

/**
 * Focus across a takeover: to the card's title when it takes over (not from
 * someone already in the card, nor from the custom answer an Enter filled),
 * and back where it was in the chat input when it hands back, if it went
 * away with the card. Returns where the input's focus was, for the slot's
 * other moves home.
 */
function useTakeoverFocus(
  slotRef: RefObject<HTMLDivElement | null>,
  inputRef: RefObject<HTMLDivElement | null>,
  takenOver: string | null,
  suggested: { current: boolean },
) {
  const restoreTo = useRef<HTMLElement | null>(null)
  const wasTakenOver = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: refs are read when it runs
  useClientLayoutEffect(() => {
    const slot = slotRef.current
    // `inert` as an attribute, so React 18 (which has no `inert` prop) and 19 agree. It
    // goes first, so focus can land in the input.
    inputRef.current?.toggleAttribute('inert', takenOver !== null)
    const gaveBack = wasTakenOver.current && takenOver === null
    wasTakenOver.current = takenOver !== null
    if (takenOver === null) {
      // On mount nothing was taken: focus is left alone.
      if (!gaveBack) return
      const target = restoreTo.current
      restoreTo.current = null
      const home = target?.isConnected ? target : firstFocusable(inputRef.current)
      // Only when focus went away with the card (an ended card keeps it on its Close).
      if (
        home &&
        (focusIsLost() ||
          slot?.querySelector('[data-part="input"]')?.contains(document.activeElement))
      )
        home.focus()
      return
    }
    const active = document.activeElement
    if (
      active instanceof HTMLElement &&
      slot?.querySelector('[data-part="input"]')?.contains(active)
    )
      restoreTo.current = active
    const focusTitle = () => {
      const title = slot?.querySelector<HTMLElement>(TITLE)
      // The card put focus in its custom answer for the text an Enter brought: leave it.
      if (suggested.current) suggested.current = false
      // Someone already in the card (it waited over the chat input) keeps their place.
      else if (title && focusIsFree(slot) && !focusIsInCard(slot)) title.focus()
      return title
    }
    if (focusTitle() || !slot) return
    // A zh-CN or ja card may still wait for its dictionary: focus its title once it shows.
    const observer = new MutationObserver(() => {
      if (focusTitle()) observer.disconnect()
    })
    observer.observe(slot, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [takenOver])
  return restoreTo
}

/** The card's title in `slot`, where focus goes home while a card holds the input's place. */
export const titleIn = (slot: HTMLElement | null) => slot?.querySelector<HTMLElement>(TITLE)
