import type { Pool, PoolClient } from 'pg'

interface LivenessOptions {
  pool: Pool
  /** Takes the node's lock on `client`; false when another connection holds it. */
  take(client: PoolClient): Promise<boolean>
  /** Lets go of the lock on `client` before it goes back to the pool. */
  drop(client: PoolClient): Promise<void>
  report(error: unknown, where: string): void
  /** Named in the report of a lock held elsewhere. */
  nodeId: string
}

/** The node's liveness lock while it is joined. */
export interface Liveness {
  close(): Promise<void>
}

const RETRY_MS = [50, 100, 250, 500, 1_000, 2_000]
/** Failed tries before a lock held elsewhere is reported (a killed backend lets go of it a moment late). */
const QUIET_TRIES = 3

/**
 * Holds the node's session-level advisory lock on a connection of its own
 * that runs nothing else. PostgreSQL drops the lock the moment that
 * connection dies, so a killed process is dead to a claim at once; and
 * nothing else the node does (its listener reconnecting, a slow query)
 * ever lets go of it. A lost connection is replaced with backoff and the
 * lock taken again.
 */
export async function holdLiveness(options: LivenessOptions): Promise<Liveness> {
  const { pool } = options
  let client: PoolClient | undefined
  let onClientError: ((error: Error) => void) | undefined
  let closed = false
  let retry: ReturnType<typeof setTimeout> | undefined

  /** One try: true when this node holds its lock on a fresh connection. */
  async function acquire(): Promise<boolean> {
    const next = await pool.connect()
    const onError = (error: Error) => lost(next, error)
    next.on('error', onError)
    let held: boolean
    try {
      held = await options.take(next)
    } catch (error) {
      next.release(true)
      throw error
    }
    if (!held || closed) {
      next.removeListener('error', onError)
      if (held) await options.drop(next).catch(() => {})
      next.release()
      return held
    }
    client = next
    onClientError = onError
    return true
  }

  function lost(which: PoolClient, error: unknown): void {
    if (client !== which || closed) return
    client = undefined
    which.release(error instanceof Error ? error : true)
    options.report(error, 'liveness')
    again(0)
  }

  function heldElsewhere(): void {
    options.report(
      new Error(
        `Another connection holds node ${options.nodeId}'s liveness lock: is an earlier process with this nodeId still running?`,
      ),
      'liveness',
    )
  }

  function again(attempt: number): void {
    if (closed) return
    const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 2_000
    retry = setTimeout(() => {
      retry = undefined
      acquire().then(
        (held) => {
          if (held || closed) return
          if (attempt + 1 === QUIET_TRIES) heldElsewhere()
          again(attempt + 1)
        },
        (error: unknown) => {
          options.report(error, 'liveness.reconnect')
          again(attempt + 1)
        },
      )
    }, delay)
    retry.unref?.()
  }

  if (!(await acquire())) again(0)
  return {
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      const current = client
      client = undefined
      if (!current) return
      if (onClientError) current.removeListener('error', onClientError)
      try {
        await options.drop(current)
        current.release()
      } catch (error) {
        current.release(error instanceof Error ? error : true)
      }
    },
  }
}
