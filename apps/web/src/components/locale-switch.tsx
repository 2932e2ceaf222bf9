/** The kit's language, picked from the browser's until the user chooses here. */
import type { ComposerLocale } from '@parley/react'
import { LOCALES } from '../locale.ts'

export function LocaleSwitch({
  locale,
  onChange,
}: {
  locale: ComposerLocale
  onChange: (locale: ComposerLocale) => void
}) {
  return (
    <select
      className="locale-switch"
      aria-label="Language of the questions"
      value={locale}
      onChange={(event) => {
        const next = LOCALES.find((option) => option.value === event.currentTarget.value)
        if (next) onChange(next.value)
      }}
    >
      {LOCALES.map((option) => (
        <option key={option.value} value={option.value} lang={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  )
}
