/**
 * The kit's language: the browser's (`navigator.languages`) until the user
 * picks one in the switch, then the one they picked, remembered. The demo's
 * own words (its menu, its empty state) stay English; the cards, the inbox,
 * the banners and the announcements follow it.
 */
import type { ComposerLocale } from '@parley/react'
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react'

const STORAGE_KEY = 'parley-locale'
const CHANGE = 'parley:locale'

/** The kit's built-in dictionaries, as the switch offers them (each named in its own language). */
export const LOCALES: readonly { value: ComposerLocale; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'ja', label: '日本語' },
  { value: 'zh-CN', label: '简体中文' },
]

const isLocale = (value: unknown): value is ComposerLocale =>
  LOCALES.some((locale) => locale.value === value)

/**
 * The first of `languages` the kit has a dictionary for: `ja…` is Japanese,
 * `zh`, `zh-CN`, `zh-SG` and `zh-Hans…` are Simplified Chinese (`zh-TW`,
 * `zh-HK` and `zh-Hant…` are not: they read Traditional), `en…` is English.
 * English when none is.
 */
export function pickLocale(languages: readonly string[]): ComposerLocale {
  for (const language of languages) {
    const tag = language.toLowerCase()
    if (tag === 'ja' || tag.startsWith('ja-')) return 'ja'
    if (tag === 'en' || tag.startsWith('en-')) return 'en'
    if (tag === 'zh' || /^zh-(cn|sg|hans)(-|$)/.test(tag)) return 'zh-CN'
  }
  return 'en'
}

/** The choice of this page, for when storage is unavailable. */
let chosen: ComposerLocale | null = null

function saved(): ComposerLocale | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY)
    return isLocale(value) ? value : chosen
  } catch {
    return chosen
  }
}

function current(): ComposerLocale {
  return saved() ?? pickLocale(navigator.languages ?? [navigator.language])
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE, onChange)
  window.addEventListener('storage', onChange)
  window.addEventListener('languagechange', onChange)
  return () => {
    window.removeEventListener(CHANGE, onChange)
    window.removeEventListener('storage', onChange)
    window.removeEventListener('languagechange', onChange)
  }
}

/** The locale in effect and a setter that remembers the user's pick. */
export function useLocaleChoice() {
  const locale = useSyncExternalStore(subscribe, current)
  const choose = useCallback((next: ComposerLocale) => {
    chosen = next
    try {
      window.localStorage.setItem(STORAGE_KEY, next)
    } catch {
      // Private mode: the page remembers it until it reloads.
    }
    window.dispatchEvent(new Event(CHANGE))
  }, [])
  return { locale, choose }
}

/** The locale the kit's components on this page speak. */
export const LocaleContext = createContext<ComposerLocale>('en')

export const useLocale = () => useContext(LocaleContext)
