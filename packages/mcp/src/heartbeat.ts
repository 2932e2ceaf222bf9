/**
 * While a person answers, tell the requester the request is alive: MCP's
 * progress notifications, which a requester that set
 * `resetTimeoutOnProgress` counts as activity (see `humanPacedRequestOptions`).
 */

/** A `notifications/progress` for the request's progress token. */
export interface ProgressNotification {
  method: 'notifications/progress'
  params: { progressToken: string | number; progress: number; message?: string }
}

/** How often a pending ask reports progress. @internal */
export const DEFAULT_PROGRESS_INTERVAL_MS = 15_000

/**
 * Sends a progress notification every `intervalMs` until the returned stop
 * is called. Nothing is sent without a progress token (the requester did not
 * ask for progress) or with `intervalMs: false`. A failed send is ignored:
 * the request's own outcome reports a closed connection.
 */
export function startHeartbeat(
  progressToken: unknown,
  send: (notification: ProgressNotification) => Promise<void>,
  intervalMs: number | false,
  message: string,
): () => void {
  if (intervalMs === false) return () => {}
  if (typeof progressToken !== 'string' && typeof progressToken !== 'number') return () => {}
  let progress = 0
  const timer = setInterval(() => {
    progress += 1
    send({ method: 'notifications/progress', params: { progressToken, progress, message } }).catch(
      () => {},
    )
  }, intervalMs)
  return () => clearInterval(timer)
}
