import {
  HostRefusalSchema,
  MuxProbeReplySchema,
  type MuxTransport,
  parseWith,
} from '@parley/seam/wire'
import type { ConnectionReason } from './errors.ts'
import type { FetchLike } from './respond.ts'

export type { ConnectionReason }

/** Why the client is not connected, as far as it could find out. */
export interface ConnectionProblem {
  reason: ConnectionReason
  /** The HTTP status the probe got, when it got one. */
  status?: number
  /** The host's refusal code (`ORIGIN_NOT_ALLOWED`, …), when it sent one. */
  code?: string
  /** One English sentence for logs and developers; UIs show their own words for `reason`. */
  message: string
}

/** What a probe found: the host admits this client (and serves these transports), or why not. */
export type Diagnosis =
  | { admitted: true; transports: readonly MuxTransport[] }
  | { admitted: false; problem: ConnectionProblem }

function reasonFor(status: number, code: string | undefined): ConnectionReason {
  if (status === 401) return 'unauthorized'
  if (status === 403) return code === 'ORIGIN_NOT_ALLOWED' ? 'forbidden-origin' : 'forbidden'
  if (status === 404 || status === 405) return 'not-found'
  if (status === 429 || status === 503) return 'busy'
  if (status >= 500) return 'unreachable'
  return 'protocol'
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return undefined
  }
}

/**
 * Asks the host why a downlink failed: `POST` to the mux URL (same
 * `?session=` list and credentials; a POST carries the page's `Origin`, as the
 * WebSocket upgrade did). Never throws.
 */
export async function probeMux(
  options: {
    url: string
    fetch: FetchLike
    credentials: RequestCredentials
    headers: () => Record<string, string>
  },
  signal: AbortSignal,
): Promise<Diagnosis> {
  let response: Response
  try {
    response = await options.fetch(options.url, {
      method: 'POST',
      credentials: options.credentials,
      headers: { accept: 'application/json', ...options.headers() },
      signal,
    })
  } catch (error) {
    const detail = error instanceof Error ? `: ${error.message}` : ''
    return {
      admitted: false,
      problem: { reason: 'unreachable', message: `The host did not answer${detail}.` },
    }
  }
  const body = await readJson(response)
  if (response.status === 200) {
    const reply = parseWith(MuxProbeReplySchema, body)
    if (reply.ok) return { admitted: true, transports: reply.value.transports }
    return {
      admitted: false,
      problem: {
        reason: 'protocol',
        status: 200,
        message: `${options.url} answered 200 with something that is not a Parley host's reply.`,
      },
    }
  }
  const refusal = parseWith(HostRefusalSchema, body)
  const code = refusal.ok ? refusal.value.code : undefined
  const said = refusal.ok
    ? ` ${refusal.value.code} (${refusal.value.error.replace(/\.$/, '')})`
    : ''
  return {
    admitted: false,
    problem: {
      reason: reasonFor(response.status, code),
      status: response.status,
      ...(code !== undefined && { code }),
      message: `The host refused the connection with ${response.status}${said}.`,
    },
  }
}
