import type { QuestionClient } from './client.types.ts'
import { QuestionClientError } from './errors.ts'

const checked = new WeakMap<object, Map<string, Promise<boolean>>>()

/** A question id no host mints: the route refuses it with a 200 receipt. */
export const ROUTE_CHECK_ID = 'parley-route-check'

/**
 * Whether the host serves `path` at all: POSTs `body`, which names no real
 * question, so a mounted route answers 200 with a refusal (nothing in the
 * browser's console) and a missing one 404. Asked once per client and path;
 * any other failure counts as there (the feature then fails on use, as
 * before). The first 404 says why once in the console.
 */
export function routeExists(
  client: Pick<QuestionClient, 'post'>,
  path: string,
  body: unknown,
): Promise<boolean> {
  let paths = checked.get(client)
  if (!paths) {
    paths = new Map()
    checked.set(client, paths)
  }
  let known = paths.get(path)
  if (!known) {
    known = client
      .post(path, body, () => ({ ok: true, value: undefined }))
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
