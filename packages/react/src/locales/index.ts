import { type ComposerMessages, en } from './en.ts'
import { ja } from './ja.ts'
import { zhCN } from './zh-CN.ts'

export type { ComposerMessages }

/** Built-in locales. */
export type ComposerLocale = 'en' | 'zh-CN' | 'ja'

/** The built-in dictionaries, by locale. */
export const composerLocales: Readonly<Record<ComposerLocale, ComposerMessages>> = {
  en,
  'zh-CN': zhCN,
  ja,
}

/** The dictionary for `locale` with `overrides` applied on top. */
export function resolveMessages(
  locale: ComposerLocale = 'en',
  overrides?: Partial<ComposerMessages>,
): ComposerMessages {
  const base = composerLocales[locale] ?? en
  return overrides ? { ...base, ...overrides } : base
}

/** Fills `{name}` placeholders. Unknown placeholders stay as written. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}
