import { type ComposerMessages, en } from './en.ts'

export type { ComposerMessages }

/** Built-in locales. English is bundled; the others load on first use as their own chunks. */
export type ComposerLocale = 'en' | 'zh-CN' | 'ja'

const loaders: Record<Exclude<ComposerLocale, 'en'>, () => Promise<ComposerMessages>> = {
  'zh-CN': () => import('./zh-CN.ts').then((module) => module.zhCN),
  ja: () => import('./ja.ts').then((module) => module.ja),
}

const loaded: Partial<Record<ComposerLocale, ComposerMessages>> = { en }
const loading: Partial<Record<ComposerLocale, Promise<ComposerMessages>>> = {}

/** The dictionary of `locale` once it is loaded (English always is; unknown locales are English). */
export function loadedComposerLocale(locale: ComposerLocale): ComposerMessages | undefined {
  return Object.hasOwn(loaders, locale) ? loaded[locale] : en
}

/**
 * Loads a built-in dictionary once (the promise is cached; English is already
 * there). The composer does this by itself; call it early to have the strings
 * ready before the first question arrives. An unknown locale resolves to
 * English. A failed load is forgotten, so the next render tries again.
 */
export function loadComposerLocale(locale: ComposerLocale): Promise<ComposerMessages> {
  const ready = loadedComposerLocale(locale)
  if (ready) return Promise.resolve(ready)
  loading[locale] ??= loaders[locale as keyof typeof loaders]().then(
    (messages) => (loaded[locale] = messages),
    (error: unknown) => {
      delete loading[locale]
      throw error
    },
  )
  return loading[locale]
}
