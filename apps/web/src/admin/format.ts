import { displayText } from '@parley/react'
import type { AdminStatus } from './admin-api.ts'

export const STATUS_LABEL: Record<AdminStatus, string> = {
  pending: 'Waiting',
  answered: 'Answered',
  cancelled: 'Cancelled',
  aborted: 'Aborted',
  'timed-out': 'Timed out',
}

const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' })

/** A time as people read it, and as machines do (`dateTime`). */
export const formatTime = (ms: number) => ({
  text: when.format(ms),
  iso: new Date(ms).toISOString(),
})

/** Who ended it, as a line: the principal and the tab's client label. */
export function actorText(
  by: { principal?: string | undefined; client?: string | undefined } | undefined,
): string {
  const parts = [by?.principal, by?.client].filter((part): part is string => Boolean(part))
  return parts.length > 0 ? displayText(parts.join(' · ')) : '—'
}

/** Where it was recorded: node and transport. */
export function placeText(
  where: { node?: string | undefined; transport?: string | undefined } | undefined,
): string {
  const parts = [where?.node, where?.transport].filter((part): part is string => Boolean(part))
  return parts.length > 0 ? displayText(parts.join(' · ')) : '—'
}
