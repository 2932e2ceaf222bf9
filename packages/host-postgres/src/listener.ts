import type { Notification, Pool, PoolClient } from 'pg'
import type { Doorbell, Dropped } from './notifications.ts'

interface ListenerOptions {
  pool: Pool
  channel: string
  /** Verifies and parses a payload on the channel. */
  read(payload: string | undefined): Doorbell | Dropped
  /** A payload that did not verify: dropped, never acted on. */
  onDropped(why: Dropped): void
  /** Called for each doorbell, one at a time, in the order PostgreSQL delivered them. */
  onDoorbell(bell: Doorbell): Promise<void>
  /** The connection was lost and is listening again: anything in between was missed. */
  onReconnect(): void
  report(error: unknown, where: string): void
}

export interface Listener {
  close(): Promise<void>
}

const RETRY_MS = [100, 250, 500, 1_000, 2_000, 5_000]

/**
 * One connection per node that `LISTEN`s on the channel. Doorbells are
 * handled strictly in order (a question's `requested` before its
 * `resolved`, even when reading the question takes a query). A lost
 * connection is replaced with backoff, and `onReconnect` tells the node
 * that it may have missed some.
 */
export async function createListener(options: ListenerOptions): Promise<Listener> {
  const { pool, channel } = options
  let client: PoolClient | undefined
  let closed = false
  let queue: Promise<void> = Promise.resolve()
  let retry: ReturnType<typeof setTimeout> | undefined

  const onNotification = (message: Notification) => {
    if (message.channel !== channel) return
    const bell = options.read(message.payload)
    if (typeof bell === 'string') return void options.onDropped(bell)
    queue = queue
      .then(() => options.onDoorbell(bell))
      .catch((error: unknown) => options.report(error, 'notification'))
  }

  async function connect(): Promise<void> {
    const next = await pool.connect()
    next.on('notification', onNotification)
    next.on('error', (error) => lost(next, error))
    try {
      await next.query(`LISTEN ${quoteIdent(channel)}`)
    } catch (error) {
      next.release(true)
      throw error
    }
    client = next
  }

  function lost(which: PoolClient, error: unknown): void {
    if (client !== which || closed) return
    client = undefined
    which.removeListener('notification', onNotification)
    which.release(error instanceof Error ? error : true)
    options.report(error, 'listener')
    reconnect(0)
  }

  function reconnect(attempt: number): void {
    if (closed) return
    const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 5_000
    retry = setTimeout(() => {
      retry = undefined
      connect().then(
        () => options.onReconnect(),
        (error: unknown) => {
          options.report(error, 'listener.reconnect')
          reconnect(attempt + 1)
        },
      )
    }, delay)
    retry.unref?.()
  }

  await connect()
  return {
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      const current = client
      client = undefined
      if (!current) return
      current.removeListener('notification', onNotification)
      try {
        await current.query(`UNLISTEN ${quoteIdent(channel)}`)
        current.release()
      } catch (error) {
        current.release(error instanceof Error ? error : true)
      }
      await queue
    },
  }
}

/** A channel name as a quoted SQL identifier (LISTEN takes no parameters). */
function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
