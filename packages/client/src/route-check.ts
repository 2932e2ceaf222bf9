import type { QuestionClient } from './client.ts'
import { QuestionClientError } from './errors.ts'

const checked = new WeakMap<object, Map<string, Promise<boolean>>>()

/**
 * Whether the host serves `path` at all: a POST with an empty body, which
 * a mounted Parley route refuses (400, or 401/403 at its fences) and a
 * missing one answers with 404. Asked once per client and path; a network
 * failure counts as there (the feature then fails on use, as before).
 * The first 404 says why once in the console.
 */
export function routeExists(client: Pick<QuestionClient, 'post'>, path: string): Promise<boolean> {
  let paths = checked.get(client)
  if (!paths) {
    paths = new Map()
    checked.set(client, paths)
  }
  let known = paths.get(path)
  if (!known) {
    known = client
      .post(path, {}, () => ({ ok: false, issues: [] }))
      .then(
        () => true,
        (error: unknown) => {
          const missing = error instanceof QuestionClientError && error.status === 404
          if (missing)
            console.warn(
              `Parley: POST ${path} answered 404, so the feature that uses it is hidden. ` +
                'Route every Parley path to host.fetch (one catch-all route: see the README).',
            )
          return !missing
        },
      )
    paths.set(path, known)
  }
  return known
}
