import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import pg from 'pg'
import * as v from 'valibot'

/**
 * What one demo node tells the others. Parley's own traffic (questions,
 * claims, app frames) goes through the coordinator; this is only the demo's
 * chat bookkeeping that used to be one process's memory.
 */
const DemoMessageSchema = v.variant('kind', [
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

const EnvelopeSchema = v.object({
  from: v.string(),
  /** A nonce and the sender's clock: a replay is dropped. */
  k: v.string(),
  at: v.number(),
  message: DemoMessageSchema,
})
/** How old (or how far ahead) a message may be. */
const FRESH_MS = 120_000

/**
 * The bus key: HKDF-SHA256 of `PARLEY_SECRET` under its own label. Any role
 * that can connect may `LISTEN` and `NOTIFY` on the channel, so every
 * message is `<HMAC-SHA256 base64url>.<JSON>` and one that does not verify
 * is dropped and counted.
 */
export function busKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'parley/demo', 'parley/demo bus mac v1', 32))
}

const macOf = (key: Buffer, json: string) => createHmac('sha256', key).update(json).digest()

/** The signed payload of one message. */
export function signMessage(key: Buffer, from: string, message: DemoMessage): string {
  const json = JSON.stringify({
    from,
    k: randomBytes(12).toString('base64url'),
    at: Date.now(),
    message,
  })
  return `${macOf(key, json).toString('base64url')}.${json}`
}

/** The JSON of a payload whose MAC verifies, else `undefined`. */
function verified(key: Buffer, payload: string): string | undefined {
  const dot = payload.indexOf('.')
  if (dot === -1) return undefined
  const given = Buffer.from(payload.slice(0, dot), 'base64url')
  const json = payload.slice(dot + 1)
  const expected = macOf(key, json)
  return given.length === expected.length && timingSafeEqual(given, expected) ? json : undefined
}

/** Delivers demo messages to the other nodes, best effort (never to the sender). */
export interface DemoBus {
  publish(message: DemoMessage): void
  /** Payloads on the channel dropped because they did not verify. */
  readonly dropped?: number
  /** The one handler of messages from other nodes. */
  subscribe(handler: (message: DemoMessage) => void): void
  close(): Promise<void>
}

/** One process has no other node to tell. */
export function createLocalBus(): DemoBus {
  return { publish() {}, subscribe() {}, async close() {} }
}

const DEMO_CHANNEL = 'parley_demo'
const RECONNECT_MS = { first: 250, max: 5_000 }

export interface PostgresBusOptions {
  /** Where `NOTIFY` goes out (any pooled connection). */
  pool: pg.Pool
  /** The dedicated `LISTEN` connection's URL. */
  connectionString: string
  nodeId: string
  /** `PARLEY_SECRET`: the bus key is derived from it. */
  secret: string
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

  const key = busKey(options.secret)
  const heard = new Set<string>()
  let dropped = 0

  function drop(why: string): void {
    dropped += 1
    if (dropped === 1)
      options.report(new Error(`Dropped a demo bus message that did not verify (${why}).`), 'bus')
  }

  function receive(payload: string | undefined): void {
    const json = verified(key, payload ?? '')
    if (json === undefined) return void drop('unsigned')
    let parsed: v.SafeParseResult<typeof EnvelopeSchema>
    try {
      parsed = v.safeParse(EnvelopeSchema, JSON.parse(json))
    } catch {
      return void drop('malformed')
    }
    if (!parsed.success) return void drop('malformed')
    const { k, at } = parsed.output
    if (heard.has(k) || Math.abs(Date.now() - at) > FRESH_MS) return void drop('replayed')
    heard.add(k)
    if (heard.size > 10_000) heard.delete(heard.values().next().value ?? '')
    if (parsed.output.from === options.nodeId) return
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
      const payload = signMessage(key, options.nodeId, message)
      options.pool
        .query('SELECT pg_notify($1, $2)', [DEMO_CHANNEL, payload])
        .catch((error: unknown) => options.report(error, 'bus publish'))
    },
    get dropped() {
      return dropped
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
