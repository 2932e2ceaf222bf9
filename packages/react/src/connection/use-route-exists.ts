import type { QuestionClient } from '@parley/client'
import { useEffect, useRef, useState } from 'react'
import { useQuestionClient } from './client-context.tsx'

/**
 * Whether the host serves an optional route, as `check` (the route's own
 * `…RouteExists` from `@parley/client`) tells: `undefined` until known, and
 * not asked while `needed` is false. `key` names what is checked (its path):
 * a feature whose route was never mounted hides itself instead of failing
 * on click.
 */
export function useRouteExists(
  key: string,
  needed: boolean,
  check: (client: QuestionClient) => Promise<boolean>,
): boolean | undefined {
  const client = useQuestionClient()
  const [known, setKnown] = useState<{ key: string; exists: boolean }>()
  // `check` is read when `needed` turns on or `key` changes, not on every render.
  const checkRef = useRef(check)
  checkRef.current = check
  useEffect(() => {
    if (!needed) return
    let live = true
    checkRef.current(client).then((exists) => {
      if (live) setKnown({ key, exists })
    })
    return () => {
      live = false
    }
  }, [client, key, needed])
  return known?.key === key ? known.exists : undefined
}
