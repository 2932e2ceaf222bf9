import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { watchElicitations } from './elicitation.pending.ts'
import type { HumanPacedRequestOptions } from './request-options.ts'

/**
 * The longest delay a timer accepts (2^31 − 1 ms, about 24.8 days). The
 * SDK's own timeout is set to it, so Parley's idle timer alone decides: the
 * SDK's timer can only be reset by a progress notification from the peer.
 */
const LONGEST_DELAY_MS = 2_147_483_647

type CallToolParams = Parameters<Client['callTool']>[0]
type CallToolOutcome = Awaited<ReturnType<Client['callTool']>>

function idleTimeout(timeout: number): McpError {
  return new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout })
}

function totalTimeout(maxTotalTimeout: number, totalElapsed: number): McpError {
  return new McpError(ErrorCode.RequestTimeout, 'Maximum total timeout exceeded', {
    maxTotalTimeout,
    totalElapsed,
  })
}

/**
 * `client.callTool(params)` for a tool that may ask the person through an
 * elicitation before it returns. A server that elicits inside its tool
 * handler seldom sends progress for the tool call itself, so with
 * `humanPacedRequestOptions()` alone the call would time out while the
 * person is still typing. Here the call times out only after
 * `idleTimeoutMs` of silence, where anything counts as life: a progress
 * notification for the call, or a Parley elicitation open on the same
 * `client` (the idle timer is held while one is open and starts afresh when
 * the last one closes). `client` must answer elicitations through
 * `registerElicitationHandler`. A timeout rejects with the SDK's
 * `RequestTimeout` (-32001) error and sends `notifications/cancelled`, as
 * the SDK's own timeout does.
 */
export async function humanPacedCallTool(
  client: Client,
  params: CallToolParams,
  options: HumanPacedRequestOptions = {},
): Promise<CallToolOutcome> {
  const idleMs = options.idleTimeoutMs ?? 60_000
  const stop = new AbortController()
  const fail = (error: unknown) => {
    if (!stop.signal.aborted) stop.abort(error)
  }
  let open = 0
  let idle: ReturnType<typeof setTimeout> | undefined
  const rearm = () => {
    clearTimeout(idle)
    idle = open > 0 ? undefined : setTimeout(() => fail(idleTimeout(idleMs)), idleMs)
  }
  const started = Date.now()
  const maxMs = options.maxTotalTimeoutMs
  const total =
    maxMs === undefined
      ? undefined
      : setTimeout(() => fail(totalTimeout(maxMs, Date.now() - started)), maxMs)
  const unwatch = watchElicitations(client, (count) => {
    open = count
    rearm()
  })
  const signal = options.signal
  const forward = () => fail(signal?.reason)
  if (signal?.aborted) forward()
  else signal?.addEventListener('abort', forward, { once: true })
  const request: RequestOptions = {
    timeout: LONGEST_DELAY_MS,
    signal: stop.signal,
    onprogress: (progress) => {
      rearm()
      options.onprogress?.(progress)
    },
  }
  try {
    return await client.callTool(params, undefined, request)
  } finally {
    clearTimeout(idle)
    clearTimeout(total)
    unwatch()
    signal?.removeEventListener('abort', forward)
  }
}
