/** Light / dark theme: follows the system until the user picks one, then remembers it. */
import { useCallback, useEffect, useSyncExternalStore } from 'react'

export type Theme = 'light' | 'dark'

const STORAGE_KEY = 'parley-theme'
const CHANGE = 'parley:theme'
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)')

/** The choice of this page, for when storage is unavailable. */
let chosen: Theme | null = null

function saved(): Theme | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY)
    return value === 'light' || value === 'dark' ? value : chosen
  } catch {
    return chosen
  }
}

function current(): Theme {
  return saved() ?? (darkQuery().matches ? 'dark' : 'light')
}

function subscribe(onChange: () => void) {
  const query = darkQuery()
  query.addEventListener('change', onChange)
  window.addEventListener(CHANGE, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    query.removeEventListener('change', onChange)
    window.removeEventListener(CHANGE, onChange)
    window.removeEventListener('storage', onChange)
  }
}

/** The theme in effect, mirrored to `<html data-theme>` (which the composer's styles honour). */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, current)
  useEffect(() => {
    const root = document.documentElement
    if (root.dataset.theme === theme) return
    // Switch every colour at once: without this, each surface would animate
    // through in-between colours (unreadable for a moment, and axe sees it).
    root.setAttribute('data-theme-switching', '')
    root.dataset.theme = theme
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => root.removeAttribute('data-theme-switching'))
    })
    return () => {
      cancelAnimationFrame(frame)
      root.removeAttribute('data-theme-switching')
    }
  }, [theme])
  const toggle = useCallback(() => {
    const next: Theme = current() === 'dark' ? 'light' : 'dark'
    chosen = next
    try {
      window.localStorage.setItem(STORAGE_KEY, next)
    } catch {
      // Not persisted, but still applied for this page.
    }
    window.dispatchEvent(new Event(CHANGE))
  }, [])
  return { theme, toggle }
}
