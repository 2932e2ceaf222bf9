import { routeExists } from '@parley/client/extend'
import { useEffect, useState } from 'react'
import { useQuestionClient } from './client-context.tsx'

/**
 * Whether the host serves the optional route at `path` (`routeExists`):
 * `undefined` until known, and not asked while `needed` is false. A feature
 * whose route was never mounted hides itself instead of failing on click.
 */
export function useRouteExists(path: string, needed: boolean): boolean | undefined {
  const client = useQuestionClient()
  const [exists, setExists] = useState<{ path: string; exists: boolean }>()
  useEffect(() => {
    if (!needed) return
    let live = true
    routeExists(client, path).then((found) => {
      if (live) setExists({ path, exists: found })
    })
    return () => {
      live = false
    }
  }, [client, path, needed])
  return exists?.path === path ? exists.exists : undefined
}
