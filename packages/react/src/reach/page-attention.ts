import { useSyncExternalStore } from 'react'

const EVENTS = ['visibilitychange', 'focus', 'blur', 'pageshow', 'pagehide'] as const

function subscribe(onChange: () => void): () => void {
  for (const name of EVENTS) window.addEventListener(name, onChange, true)
  return () => {
    for (const name of EVENTS) window.removeEventListener(name, onChange, true)
  }
}

/** True when the person is elsewhere: the page is hidden, or its window does not have focus. */
export function isPageAway(): boolean {
  return document.visibilityState === 'hidden' || !document.hasFocus()
}

/**
 * Whether the person is elsewhere (the page is hidden, or its window does
 * not have focus), kept current by `visibilitychange`, `focus` and `blur`.
 * `false` during server rendering.
 */
export function usePageAway(): boolean {
  return useSyncExternalStore(subscribe, isPageAway, () => false)
}
