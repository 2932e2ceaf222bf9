import { WebSocket } from '../packages/host/test/helpers.ts'
import {
  AppFrameSchema,
  MuxHelloFrameSchema,
  MuxReadyFrameSchema,
  parseQuestionRequestedFrame,
  parseWith,
  type QuestionRequestedFrame,
  type QuestionResolvedFrame,
  QuestionResolvedFrameSchema,
} from '../packages/seam/src/wire.ts'

/** A node a tab can connect to. */
export interface Endpoint {
  readonly id: string
  /** `127.0.0.1:PORT` */
  readonly base: string
}

/** One downlink of a tab, from the upgrade to the close, and what arrived on it. */
export interface Connection {
  readonly node: string
  readonly openedAt: number
  readyAt: number | null
  closedAt: number | null
  /** `question/requested` frames per rpcId (more than one is a duplicate card). */
  readonly requested: Map<string, number>
  readonly resolved: Map<string, QuestionResolvedFrame>
  /** Requested and not resolved on this connection. */
  readonly pending: Set<string>
  /** rpcIds of `question/requested` frames that came after their `question/resolved`. */
  readonly reappeared: string[]
  /** The types of the app frames that arrived (`sync`'s and the settled marks). */
  readonly marks: Set<string>
}

/** A question leaving a tab's view: when, and through a resolved frame or a replay without it. */
export interface Retirement {
  at: number
  by: 'resolved' | 'replay'
}

export interface TabOptions {
  user: string
  /** The `?session=` names, or `null` for every session the user may see. */
  sessions: readonly string[] | null
  /** The node to (re)connect to, or `undefined` while none is up. */
  pick(): Endpoint | undefined
  /** Seeded randomness for the reconnect delays. */
  random(): number
}

const now = () => performance.now()

/**
 * A browser tab's downlink over a real WebSocket (`ws`), reconnecting after
 * every drop, and what a client would show from it: the view is the pending
 * set of the last connection that reached `mux/ready`, kept up by live
 * frames (the `mux/ready` contract). Records every connection for the ledger.
 */
export class ClusterTab {
  readonly connections: Connection[] = []
  /** What the tab shows now. */
  readonly view = new Set<string>()
  /** rpcId → when it first entered the view. */
  readonly shownAt = new Map<string, number>()
  /** rpcId → when it last left the view, and how (a resolved frame, or a replay without it). */
  readonly retired = new Map<string, Retirement>()
  /** Every time a question left the view, in order. */
  readonly retirements: (Retirement & { rpcId: string })[] = []
  /** callId → rpcId, from the requested frames. */
  readonly callIds = new Map<string, string>()
  /** Frames the wire schemas refused (the host never sends one). */
  frameErrors = 0
  /** `mux/hello` frames that named a host instance (a cluster's nodes name none). */
  namedInstances = 0
  /** Connection attempts that never opened (no node there, or refused). */
  failedAttempts = 0
  private socket: InstanceType<typeof WebSocket> | null = null
  private stopped = false
  private failures = 0
  private readonly waiters = new Set<() => void>()

  constructor(
    readonly name: string,
    private readonly options: TabOptions,
  ) {
    this.connect()
  }

  /** May this tab see `sessionId`? */
  sees(sessionId: string): boolean {
    const { sessions, user } = this.options
    return sessionId.startsWith(`${user}-`) && (sessions === null || sessions.includes(sessionId))
  }

  get current(): Connection | undefined {
    return this.connections.at(-1)
  }

  /** Connected and past `mux/ready`. */
  get live(): boolean {
    const current = this.current
    return current !== undefined && current.readyAt !== null && current.closedAt === null
  }

  /** Cuts the connection like a network failure (no close handshake); the tab reconnects. */
  cut(): void {
    this.socket?.terminate()
  }

  /** Closes the connection politely (a close handshake); the tab reconnects. */
  closePolitely(): void {
    this.socket?.close()
  }

  /** Stops for good. */
  stop(): void {
    this.stopped = true
    this.socket?.terminate()
    this.wake()
  }

  /** Resolves once `test()` holds (checked on every frame and connection change). */
  until(test: () => boolean, label: string, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check)
        reject(new Error(`${this.name}: timed out waiting for ${label}`))
      }, timeoutMs)
      const check = () => {
        if (!test()) return
        clearTimeout(timer)
        this.waiters.delete(check)
        resolve()
      }
      this.waiters.add(check)
      check()
    })
  }

  private wake(): void {
    for (const check of [...this.waiters]) check()
  }

  private connect(): void {
    if (this.stopped) return
    const endpoint = this.options.pick()
    if (!endpoint) {
      this.retry(false)
      return
    }
    const { sessions, user } = this.options
    const query = sessions === null ? '' : `?${sessions.map((id) => `session=${id}`).join('&')}`
    const socket = new WebSocket(`ws://${endpoint.base}/api/mux${query}`, {
      headers: { 'x-user': user },
    })
    this.socket = socket
    let connection: Connection | undefined
    socket.on('open', () => {
      connection = {
        node: endpoint.id,
        openedAt: now(),
        readyAt: null,
        closedAt: null,
        requested: new Map(),
        resolved: new Map(),
        pending: new Set(),
        reappeared: [],
        marks: new Set(),
      }
      this.connections.push(connection)
      this.wake()
    })
    socket.on('message', (data) => {
      if (connection) this.receive(connection, String(data))
    })
    socket.on('error', () => {})
    socket.on('close', () => {
      if (connection) connection.closedAt = now()
      else this.failedAttempts += 1
      this.socket = null
      this.wake()
      this.retry(connection?.readyAt != null)
    })
  }

  /** Reconnects soon after a connection that worked, with backoff after one that did not. */
  private retry(worked: boolean): void {
    if (this.stopped) return
    this.failures = worked ? 0 : this.failures + 1
    const delay = worked
      ? Math.floor(this.options.random() * 20)
      : Math.min(400, 10 * 2 ** this.failures) + Math.floor(this.options.random() * 10)
    setTimeout(() => this.connect(), delay)
  }

  private receive(connection: Connection, text: string): void {
    const frame = parseFrame(text)
    if (!frame) {
      this.frameErrors += 1
      return
    }
    const at = now()
    if (frame.kind === 'requested') {
      const { rpcId, callId } = frame.value
      connection.requested.set(rpcId, (connection.requested.get(rpcId) ?? 0) + 1)
      if (connection.resolved.has(rpcId)) connection.reappeared.push(rpcId)
      else connection.pending.add(rpcId)
      if (callId !== undefined) this.callIds.set(callId, rpcId)
      if (connection.readyAt !== null) this.show(rpcId, at)
    } else if (frame.kind === 'resolved') {
      const { rpcId } = frame.value
      connection.resolved.set(rpcId, frame.value)
      connection.pending.delete(rpcId)
      if (connection.readyAt !== null) this.retire(rpcId, at, 'resolved')
    } else if (frame.kind === 'ready') {
      connection.readyAt = at
      for (const rpcId of [...this.view])
        if (!connection.pending.has(rpcId)) this.retire(rpcId, at, 'replay')
      for (const rpcId of connection.pending) this.show(rpcId, at)
    } else if (frame.kind === 'hello') {
      // A cluster's questions outlive any node: its nodes name no instance.
      if (frame.instance !== undefined) this.namedInstances += 1
    } else connection.marks.add(frame.type)
    this.wake()
  }

  private show(rpcId: string, at: number): void {
    if (this.view.has(rpcId)) return
    this.view.add(rpcId)
    if (!this.shownAt.has(rpcId)) this.shownAt.set(rpcId, at)
  }

  private retire(rpcId: string, at: number, by: 'resolved' | 'replay'): void {
    if (!this.view.delete(rpcId)) return
    this.retired.set(rpcId, { at, by })
    this.retirements.push({ rpcId, at, by })
  }
}

type Parsed =
  | { kind: 'requested'; value: QuestionRequestedFrame }
  | { kind: 'resolved'; value: QuestionResolvedFrame }
  | { kind: 'ready' }
  | { kind: 'hello'; instance: string | undefined }
  | { kind: 'app'; type: string }

/** One downlink frame through the wire schemas, by its type; `undefined` when one refuses it. */
function parseFrame(text: string): Parsed | undefined {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return undefined
  }
  const type = typeof data === 'object' && data !== null ? Reflect.get(data, 'type') : undefined
  if (type === 'question/requested') {
    const parsed = parseQuestionRequestedFrame(data)
    return parsed.ok ? { kind: 'requested', value: parsed.value } : undefined
  }
  if (type === 'question/resolved') {
    const parsed = parseWith(QuestionResolvedFrameSchema, data)
    return parsed.ok ? { kind: 'resolved', value: parsed.value } : undefined
  }
  if (type === 'mux/ready')
    return parseWith(MuxReadyFrameSchema, data).ok ? { kind: 'ready' } : undefined
  if (type === 'mux/hello') {
    const parsed = parseWith(MuxHelloFrameSchema, data)
    return parsed.ok ? { kind: 'hello', instance: parsed.value.instance } : undefined
  }
  const parsed = parseWith(AppFrameSchema, data)
  return parsed.ok ? { kind: 'app', type: parsed.value.type } : undefined
}

/**
 * Waits until every tab's current connection got a marker frame broadcast
 * from every node (`send(mark)` broadcasts it): the frames each node sent
 * before have reached the tabs. Starts over when a tab reconnected meanwhile.
 */
export async function sync(
  tabs: readonly ClusterTab[],
  nodes: readonly string[],
  send: (node: string, mark: string) => void,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (let round = 0; Date.now() < deadline; round++) {
    await Promise.all(tabs.map((tab) => tab.until(() => tab.live, 'a live connection', timeoutMs)))
    const connections = tabs.map((tab) => tab.current)
    const marks = nodes.map((node) => `test/sync-${round}-${node}`)
    for (const [index, node] of nodes.entries()) send(node, marks[index] ?? '')
    const done = (tab: ClusterTab, index: number) =>
      tab.current !== connections[index] ||
      marks.every((mark) => tab.current?.marks.has(mark) === true)
    await Promise.all(
      tabs.map((tab, index) => tab.until(() => done(tab, index), 'the sync marks', timeoutMs)),
    )
    if (tabs.every((tab, index) => tab.current === connections[index])) return
  }
  throw new Error('the tabs kept reconnecting during the sync')
}
