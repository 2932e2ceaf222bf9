import { parseRespondReceipt, type RespondBody, type RespondReceipt } from '@parley/seam/wire'
import { QuestionClientError } from './errors.ts'

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

interface PostDeps {
  url: string
  fetch: FetchLike
  credentials: RequestCredentials
  headers(): Record<string, string>
}

/** POSTs one respond body and parses the receipt. Throws `QuestionClientError`. */
export async function postRespond(deps: PostDeps, body: RespondBody): Promise<RespondReceipt> {
  let response: Response
  try {
    response = await deps.fetch(deps.url, {
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
  const parsed = parseRespondReceipt(data)
  if (!parsed.ok)
    throw new QuestionClientError('The receipt is malformed.', 'RESPOND_BAD_RECEIPT', {
      cause: parsed.issues,
    })
  return parsed.value
}
