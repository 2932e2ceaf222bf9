/**
 * The question card is laid over the conversation's end (app.css, "dock"), so
 * the takeover moves nothing. This measures how much of the log it covers and
 * sets `--cover` on the log's parent, which pads the log's end and lifts the
 * "Jump to latest" button by that much; `onChange` runs after each change, so
 * a log that follows the conversation scrolls its end into view (a scroll, not
 * a layout shift). A card that waited over the chat input while the user typed
 * glides down onto the input's place when it takes over, rather than jumping.
 */
import { type RefObject, useLayoutEffect, useRef } from 'react'

/** The card (or cards) of the composer slot in the dock. */
const CARD = '.dock [data-scope="composer-slot"][data-part="composer"]'

export function useCardCover(logRef: RefObject<HTMLElement | null>, onChange: () => void): void {
  const changed = useRef(onChange)
  changed.current = onChange

  useLayoutEffect(() => {
    const log = logRef.current
    const holder = log?.parentElement
    const main = holder?.parentElement
    if (!log || !holder || !main) return
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)')
    let card: Element | null = null
    let cover = 0
    let lastTop: number | undefined
    const measure = () => {
      const top = card?.getBoundingClientRect().top
      // The same card moved without resizing (from over the input onto its place): glide
      // from where it was, so it never jumps (a transform is not a layout shift).
      if (top !== undefined && lastTop !== undefined && top !== lastTop && moved && !still?.matches)
        card?.animate([{ transform: `translateY(${lastTop - top}px)` }, { transform: 'none' }], {
          duration: 180,
          easing: 'ease-out',
        })
      moved = false
      lastTop = top
      const next =
        top === undefined ? 0 : Math.max(0, Math.ceil(log.getBoundingClientRect().bottom - top))
      if (next === cover) return
      cover = next
      holder.style.setProperty('--cover', `${next}px`)
      changed.current()
    }
    const resize = new ResizeObserver(measure)
    resize.observe(log)
    // The card comes and goes with the questions: watch the one on screen. It also moves
    // without resizing, from over the chat input (waiting) to its place (taking over).
    let moved = false
    const find = (records: MutationRecord[] = []) => {
      const next = main.querySelector(CARD)
      moved = next === card && records.some((record) => record.type === 'attributes')
      if (next !== card) {
        lastTop = undefined
        if (card) resize.unobserve(card)
        card = next
        if (card) resize.observe(card)
      }
      measure()
    }
    const mutations = new MutationObserver(find)
    mutations.observe(main, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['hidden'],
    })
    find()
    return () => {
      resize.disconnect()
      mutations.disconnect()
      holder.style.removeProperty('--cover')
    }
  }, [logRef])
}
