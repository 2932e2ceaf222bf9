/**
 * A real host on loopback for B3 and B4: `@parley/host` attached to a Node
 * `http` server, registered with a seam service, plus two bare routes that
 * serve as baselines on the same server (an HTTP POST that answers `{}` and
 * a WebSocket echo).
 */
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import type * as WsTypes from 'ws'
import {
  createQuestionHost,
  type NodeQuestionHost as QuestionHost,
  type QuestionHostOptions,
} from '../../packages/host/src/node/index.ts'
import {
  type AskUserQuestionItem,
  createUserQuestionService,
  type UserQuestionService,
} from '../../packages/seam/src/index.ts'

// `ws` is a dependency of @parley/host, not of the root: load the host's copy.
const requireFromHost = createRequire(new URL('../../packages/host/package.json', import.meta.url))
export const ws = requireFromHost('ws') as typeof WsTypes
export type WebSocket = WsTypes.WebSocket

/** A principal is a user id (from `x-user`); user `u<k>` owns sessions `s<k>-<j>`. */
export const sessionsOf = (user: string, perUser: number) =>
  Array.from({ length: perUser }, (_, j) => `s${user.slice(1)}-${j}`)
export const ownerOf = (sessionId: string) => `u${sessionId.slice(1, sessionId.indexOf('-'))}`

/** A typical batch: two questions of four options, one with descriptions. */
export function questions(tag: string | number): AskUserQuestionItem[] {
  return [
    {
      id: 'db',
      header: 'Database',
      question: `Which database should the service use? (${tag})`,
      options: [
        { label: 'Postgres (Recommended)', description: 'Relational, the team knows it well.' },
        { label: 'SQLite', description: 'One file, no server to run.' },
        { label: 'MySQL', description: 'What the old service used.' },
        { label: 'DynamoDB', description: 'Managed key-value store.' },
      ],
    },
    {
      id: 'extras',
      question: 'Which extras should it ship with?',
      multiSelect: true,
      options: [
        { label: 'Metrics' },
        { label: 'Tracing' },
        { label: 'Admin UI' },
        { label: 'CLI' },
      ],
    },
  ]
}

export const ANSWER = {
  answers: [
    { id: 'db', selected: ['Postgres (Recommended)'] },
    { id: 'extras', selected: ['Metrics', 'Tracing'] },
  ],
}

export interface BenchHost {
  host: QuestionHost
  service: UserQuestionService
  server: Server
  /** `127.0.0.1:<port>` */
  base: string
  /** What a bare socket on `/blast` is sent on connect: `count` copies of `frame`, then `mux/ready`. */
  blast: { frame: string; count: number }
  /** Sends `text` to every bare socket open on `/relay`, as a hub sends a frame to its tabs. */
  relay(text: string): void
  close(): Promise<void>
}

/** Bare baselines that need more than the server: what `POST /bare` does before it answers. */
export interface BareWork {
  /** Runs with the parsed body before `POST /bare` answers (B6: a `pg_notify`). */
  beforeReply?: (body: unknown) => Promise<unknown>
}

/**
 * Starts the host. Bare baselines on the same server: `POST /bare` answers
 * `{"ok":true}` (after `bare.beforeReply`), a WebSocket on `/echo` echoes, one
 * on `/blast` is sent `blast`, and those on `/relay` are sent what `relay()` is.
 */
export async function startBenchHost(
  overrides: Partial<QuestionHostOptions<string>> = {},
  bare: BareWork = {},
): Promise<BenchHost> {
  const host = createQuestionHost<string>({
    authenticate: (request) => request.headers.get('x-user'),
    canAccess: (user, sessionId) => ownerOf(sessionId) === user,
    ...overrides,
  })
  const service = createUserQuestionService()
  service.registerProvider(host.provider)
  const server = createServer((request, response) => {
    if (request.url === '/bare') {
      // The same work a small JSON handler does: read the body, answer JSON.
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', async () => {
        const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
        await bare.beforeReply?.(parsed)
        const body = '{"ok":true}'
        response.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        })
        response.end(body)
      })
      return
    }
    host.handleRequest(request, response)
  })
  // The baselines' own WebSocket paths are answered below; the host leaves them to us.
  host.attach(server, { otherUpgrades: 'pass' })
  // Same options as the host's mux socket server.
  const echo = new ws.WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: 64 * 1024,
  })
  const blast = { frame: '{}', count: 0 }
  const relayed = new Set<WebSocket>()
  server.on('upgrade', (request, socket, head) => {
    if (request.url === '/echo')
      echo.handleUpgrade(request, socket, head, (peer) => {
        peer.on('message', (data, isBinary) => peer.send(data, { binary: isBinary }))
      })
    else if (request.url === '/blast')
      echo.handleUpgrade(request, socket, head, (peer) => {
        for (let i = 0; i < blast.count; i++) peer.send(blast.frame)
        peer.send('{"type":"mux/ready"}')
      })
    else if (request.url === '/relay')
      echo.handleUpgrade(request, socket, head, (peer) => {
        relayed.add(peer)
        peer.on('close', () => relayed.delete(peer))
      })
    else if (request.url?.split('?')[0] !== '/api/mux') socket.destroy()
  })
  server.listen(0, '127.0.0.1', 2048)
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    host,
    service,
    server,
    base: `127.0.0.1:${port}`,
    blast,
    relay(text) {
      for (const peer of relayed) peer.send(text)
    },
    async close() {
      host.dispose()
      echo.close()
      server.closeAllConnections()
      server.close()
      await once(server, 'close')
    },
  }
}

/** Opens a mux socket as `user` (all the user's sessions). */
export function openMux(base: string, user: string): WebSocket {
  return new ws.WebSocket(`ws://${base}/api/mux`, {
    headers: { 'x-user': user },
    perMessageDeflate: false,
  })
}
