/**
 * The text formats a typed answer may be held to (`input.format`) and the
 * number syntax of `input.type`. Each check reads trimmed text and is as
 * strict as the JSON Schema validators MCP servers use (ajv-formats' full
 * mode), so an answer Parley accepts is one such a server accepts too.
 */

/** Decimal notation: optional sign, digits with an optional fraction, optional exponent. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/

/** The number a decimal text spells, or `undefined` for anything else (hex, `Infinity`, `1,5`). */
export function readDecimal(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined
  const value = Number(text)
  return Number.isFinite(value) ? value : undefined
}

/** RFC 5322 `atext`: what a dot-atom local part is made of. */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
/** One DNS label: letters, digits and inner hyphens. */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?'
const EMAIL = new RegExp(`^${ATEXT}(?:\\.${ATEXT})*@(?:${LABEL}\\.)+${LABEL}$`)

/** An absolute URI's scheme and the characters RFC 3986 allows after it. */
const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/
/** Square brackets belong only around an IP-literal host: `scheme://[v6]` or `scheme://user@[v6]`. */
const IP_LITERAL_AUTHORITY = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^/?#[\]@]*@)?\[[0-9A-Fa-f:.vV]+\]/

function isUri(text: string): boolean {
  if (!URI_SCHEME.test(text) || !URI_CHARACTERS.test(text) || BAD_PERCENT.test(text)) return false
  const rest = text.replace(IP_LITERAL_AUTHORITY, '')
  if (rest.includes('[') || rest.includes(']')) return false
  try {
    new URL(text)
    return true
  } catch {
    return false
  }
}

const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
}

function isFullDate(text: string): boolean {
  const match = FULL_DATE.exec(text)
  if (!match) return false
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (month < 1 || month > 12 || day < 1) return false
  const last = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] as number)
  return day <= last
}

/** RFC 3339 `full-time`: the offset is required (`Z` or `±hh:mm`). */
const FULL_TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/
const MINUTES_PER_DAY = 24 * 60

function isFullTime(text: string): boolean {
  const match = FULL_TIME.exec(text)
  if (!match) return false
  const hour = Number(match[1])
  const minute = Number(match[2])
  const second = Number(match[3])
  const offset =
    match[4] === undefined
      ? 0
      : (match[4] === '-' ? -1 : 1) * (Number(match[5]) * 60 + Number(match[6]))
  if (hour > 23 || minute > 59 || second > 60) return false
  if (Math.abs(offset) >= MINUTES_PER_DAY || Number(match[6] ?? 0) > 59) return false
  if (second < 60) return true
  // A leap second is the last second of a UTC day.
  const utc =
    (((hour * 60 + minute - offset) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY
  return utc === MINUTES_PER_DAY - 1
}

function isDateTime(text: string): boolean {
  const separator = text.search(/[Tt ]/)
  if (separator !== 10) return false
  return isFullDate(text.slice(0, 10)) && isFullTime(text.slice(11))
}

/** The formats of `input.format`. */
export type AnswerFormat = 'email' | 'uri' | 'date' | 'date-time'

/** True when `text` is written in `format`. */
export function matchesFormat(text: string, format: AnswerFormat): boolean {
  switch (format) {
    case 'email':
      return EMAIL.test(text)
    case 'uri':
      return isUri(text)
    case 'date':
      return isFullDate(text)
    case 'date-time':
      return isDateTime(text)
  }
}
