import pg from 'pg'
import * as v from 'valibot'

/**
 * What one demo node tells the others. Parley's own traffic (questions,
 * claims, app frames) goes through the coordinator; this is only the demo's
 * chat bookkeeping that used to be one process's memory.
 */
export const DemoMessageSchema = v.variant('kind', [
  /** Abort the agent turn of this session, if it runs here (a new message or Stop elsewhere). */
  v.object({
    kind: v.literal('interrupt'),
    sessionId: v.string(),
    reason: v.picklist(['new-message', 'stopped']),
  }),
  /** A bound evicted this session: refuse it, abort its turn and its asks. */
  v.object({ kind: v.literal('gone'), sessionId: v.string() }),
  /** Abort this test-API ask, if it lives here. */
  v.object({ kind: v.literal('abort-ask'), askId: v.string() }),
  /** Drop this principal's downlinks here too (`POST /api/test/drop-sockets`). */
  v.object({ kind: v.literal('drop-streams'), principal: v.string() }),
])
export type DemoMessage = v.InferOutput<typeof DemoMessageSchema>

const EnvelopeSchema = v.object({ from: v.string(), message: DemoMessageSchema })

/** Delivers demo messages to the other nodes, best effort (never to the sender). */
export interface DemoBus {
  publish(message: DemoMessage): void
  /** The one handler of messages from other nodes. */
  subscribe(handler: (message: DemoMessage) => void): void
  close(): Promise<void>
}

/** One process has no other node to tell. */
export function createLocalBus(): DemoBus {
  return { publish() {}, subscribe() {}, async close() {} }
}

export const DEMO_CHANNEL = 'parley_demo'
const RECONNECT_MS = { first: 250, max: 5_000 }

export interface PostgresBusOptions {
  /** Where `NOTIFY` goes out (any pooled connection). */
  pool: pg.Pool
  /** The dedicated `LISTEN` connection's URL. */
  connectionString: string
  nodeId: string
  report(error: unknown, where: string): void
}

/**
 * The demo bus on PostgreSQL's `LISTEN/NOTIFY` (channel `parley_demo`):
 * messages are a few dozen bytes, far under `NOTIFY`'s 8,000-byte limit. A
 * listener that drops reconnects with a backoff; what was sent meanwhile is
 * lost, which costs at most a turn that is not interrupted.
 */
export async function createPostgresBus(options: PostgresBusOptions): Promise<DemoBus> {
  let handler: (message: DemoMessage) => void = () => {}
  let listener: pg.Client | null = null
  let closed = false
  let delay = RECONNECT_MS.first
  let retry: ReturnType<typeof setTimeout> | undefined

  function receive(payload: string | undefined): void {
    let parsed: v.SafeParseResult<typeof EnvelopeSchema>
    try {
      parsed = v.safeParse(EnvelopeSchema, JSON.parse(payload ?? ''))
    } catch {
      return
    }
    if (!parsed.success || parsed.output.from === options.nodeId) return
    try {
      handler(parsed.output.message)
    } catch (error) {
      options.report(error, 'bus handler')
    }
  }

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: options.connectionString })
    client.on('notification', (note) => {
      if (note.channel === DEMO_CHANNEL) receive(note.payload)
    })
    client.on('error', (error) => {
      options.report(error, 'bus listener')
      lost(client)
    })
    client.on('end', () => lost(client))
    try {
      await client.connect()
      await client.query(`LISTEN ${DEMO_CHANNEL}`)
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    if (closed) return void (await client.end().catch(() => {}))
    listener = client
    delay = RECONNECT_MS.first
  }

  function lost(client: pg.Client): void {
    if (listener !== client) return
    listener = null
    client.end().catch(() => {})
    if (!closed) reconnect()
  }

  function reconnect(): void {
    retry = setTimeout(() => {
      listen().catch((error: unknown) => {
        options.report(error, 'bus reconnect')
        delay = Math.min(delay * 2, RECONNECT_MS.max)
        if (!closed) reconnect()
      })
    }, delay)
  }

  await listen()
  return {
    publish(message) {
      const payload = JSON.stringify({ from: options.nodeId, message })
      options.pool
        .query('SELECT pg_notify($1, $2)', [DEMO_CHANNEL, payload])
        .catch((error: unknown) => options.report(error, 'bus publish'))
    },
    subscribe(next) {
      handler = next
    },
    async close() {
      closed = true
      clearTimeout(retry)
      const client = listener
      listener = null
      await client?.end().catch(() => {})
    },
  }
}
