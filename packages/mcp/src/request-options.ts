import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js'

/** Options of {@link humanPacedRequestOptions} and `humanPacedCallTool`. */
export interface HumanPacedRequestOptions {
  /**
   * How long the request may go without a progress notification before it
   * times out. Parley reports progress every 15 s while a person answers, so
   * only a dead peer hits it. For `humanPacedCallTool`, a Parley elicitation
   * open on the client holds it too. @default 60000 (the SDK's request timeout)
   */
  idleTimeoutMs?: number
  /** An upper bound on the whole request, progress or not. @default none */
  maxTotalTimeoutMs?: number
  /** Called with each progress notification. @default a no-op */
  onprogress?: RequestOptions['onprogress']
  /** Cancels the request (the peer withdraws the question). */
  signal?: AbortSignal
}

/**
 * `RequestOptions` for an MCP request that a person answers: an
 * `elicitInput` sent to a client that answers through Parley, or a
 * `callTool('ask_user_question')` sent to Parley's MCP server. The SDK
 * times every request out after 60 s by default; these options ask for
 * progress notifications (`onprogress`, which adds a progress token) and
 * reset the timeout on each (`resetTimeoutOnProgress`), so the request lives
 * as long as the person is still answering and fails only when the peer goes
 * quiet. A `callTool` to a server that elicits inside its tool handler gets
 * no progress for the call while the person answers: use
 * `humanPacedCallTool` for it instead.
 */
export function humanPacedRequestOptions(options: HumanPacedRequestOptions = {}): RequestOptions {
  const request: RequestOptions = {
    timeout: options.idleTimeoutMs ?? 60_000,
    resetTimeoutOnProgress: true,
    onprogress: options.onprogress ?? (() => {}),
  }
  if (options.maxTotalTimeoutMs !== undefined) request.maxTotalTimeout = options.maxTotalTimeoutMs
  if (options.signal !== undefined) request.signal = options.signal
  return request
}
