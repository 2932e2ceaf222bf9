import type { ValidationIssue } from '@parley/seam'
import { parseRespondReceipt, type RespondBody, type RespondReceipt } from '@parley/seam/wire'
import { QuestionClientError } from './errors.ts'

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

interface PostDeps {
  url: string
  fetch: FetchLike
  credentials: RequestCredentials
  headers(): Record<string, string>
}

/** A receipt parser: the receipt, or the issues that made it no receipt. */
type ReceiptParser<R> = (
  data: unknown,
) => { ok: true; value: R } | { ok: false; issues: ValidationIssue[] }

/** The parser of `client.post`: any JSON is the reply. */
export const asJson: ReceiptParser<unknown> = (data) => ({ ok: true, value: data })

/** POSTs one respond body and parses the receipt. Throws `QuestionClientError`. */
export function postRespond(deps: PostDeps, body: RespondBody): Promise<RespondReceipt> {
  return postJson(deps, deps.url, body, parseRespondReceipt)
}

/** POSTs `body` to `url` and parses the reply with `parse`. Throws `QuestionClientError`. */
export async function postJson<R>(
  deps: Omit<PostDeps, 'url'>,
  url: string,
  body: unknown,
  parse: ReceiptParser<R>,
): Promise<R> {
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
