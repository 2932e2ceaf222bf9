import type { WireParse } from '@parley/seam/wire'
import { QuestionClientError } from './errors.ts'

/** The `fetch` the client posts with (`globalThis.fetch` by default; injectable for tests and proxies). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/** How a POST goes out: this client's `fetch`, `credentials` and `headers()`. */
export interface PostDeps {
  fetch: FetchLike
  credentials: RequestCredentials
  headers(): Record<string, string>
}

/**
 * POSTs one JSON body (a respond or an extend) to `url` and parses the
 * receipt with `parse`. Throws `QuestionClientError` (`RESPOND_*`).
 */
export async function postReceipt<T>(
  deps: PostDeps,
  url: string,
  body: unknown,
  parse: (data: unknown) => WireParse<T>,
): Promise<T> {
  let response: Response
  try {
    response = await deps.fetch(url, {
      method: 'POST',
      credentials: deps.credentials,
      headers: { ...deps.headers(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  } catch (cause) {
    throw new QuestionClientError('The response could not be sent.', 'RESPOND_NETWORK', { cause })
  }
  if (response.status !== 200)
    throw new QuestionClientError(
      `The host refused the response (${response.status}).`,
      'RESPOND_HTTP',
      {
        status: response.status,
      },
    )
  let data: unknown
  try {
    data = await response.json()
  } catch (cause) {
    throw new QuestionClientError('The receipt is not JSON.', 'RESPOND_BAD_RECEIPT', { cause })
  }
  const parsed = parse(data)
  if (!parsed.ok)
    throw new QuestionClientError('The receipt is malformed.', 'RESPOND_BAD_RECEIPT', {
      cause: parsed.issues,
    })
  return parsed.value
}
