/**
 * The question card is laid over the conversation's end (app.css, "dock"), so
 * the takeover moves nothing. This measures how much of the log it covers and
 * sets `--cover` on the log's parent, which pads the log's end and lifts the
 * "Jump to latest" button by that much; `onChange` runs after each change, so
 * a log that follows the conversation scrolls its end into view (a scroll, not
 * a layout shift).
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
    let card: Element | null = null
    let cover = 0
    const measure = () => {
      const top = card?.getBoundingClientRect().top
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
    const find = () => {
      const next = main.querySelector(CARD)
      if (next !== card) {
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
