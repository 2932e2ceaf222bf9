import type { PostgresCoordinatorOptions } from '../packages/host-postgres/src/index.ts'

/**
 * Who may see what in the cluster parts: the principal is the `x-user`
 * header, and a user's sessions are the ids that start with `<user>-`.
 */
export function userOf(header: string | null): string | null {
  return header !== null && /^[a-z]+$/.test(header) ? header : null
}

export function canAccess(user: string, sessionId: string): boolean {
  return sessionId.startsWith(`${user}-`)
}

/** The coordinator's timings a node is started with. */
export type Liveness = Pick<
  PostgresCoordinatorOptions,
  'heartbeatMs' | 'deadAfterMs' | 'recheckMs' | 'reattachGraceMs'
>

const TIMINGS = ['heartbeatMs', 'deadAfterMs', 'recheckMs', 'reattachGraceMs'] as const

/** Reads `PARLEY_LIVENESS` (JSON); unknown or non-numeric fields are left to the defaults. */
export function parseLiveness(text: string | undefined): Liveness {
  const data: unknown = text ? JSON.parse(text) : {}
  const liveness: Liveness = {}
  for (const key of TIMINGS) {
    const value = typeof data === 'object' && data !== null ? Reflect.get(data, key) : undefined
    if (typeof value === 'number' && value > 0) liveness[key] = value
  }
  return liveness
}

/** A valid answer to the helpers' `QUESTIONS` that names who gave it (so a mix-up shows). */
export function answerFrom(label: string) {
  return {
    answers: [
      { id: 'color', selected: ['Blue'] },
      { id: 'extras', selected: ['Cheese'] },
      { id: 'note', selected: [], custom: label },
    ],
  }
}
