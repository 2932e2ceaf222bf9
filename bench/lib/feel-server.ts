/**
 * The server of B5: the real `@parley/host` (one principal, every session)
 * registered with a seam service, the built B5 page and the stylesheets on
 * the same origin (the host admits same-origin pages only), and a bare
 * WebSocket on `/raw` whose messages the baseline of `frame-to-card` paints.
 * The page may ask through that socket too (`{"ask": questions}`), so a run of
 * many batches needs no DevTools call per batch.
 */
import { once } from 'node:events'
import { readFile } from 'node:fs/promises'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname } from 'node:path'
import { createQuestionHost, type NodeQuestionHost } from '../../packages/host/src/node/index.ts'
import {
  type AskUserQuestionItem,
  createUserQuestionService,
  type UserQuestionService,
} from '../../packages/seam/src/index.ts'
import { SESSION } from './feel-batches.ts'
import { type WebSocket, ws } from './host.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

export interface FeelServer {
  host: NodeQuestionHost<string>
  service: UserQuestionService
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** Sends `text` to the page's bare socket (resolves once it is written). */
  sendRaw(text: string): Promise<void>
  /** How the asks the page made through its bare socket ended. */
  pageAsks: { answered: number; failed: number }
  close(): Promise<void>
}

/** `files` maps a URL path to the file served there; `dir` serves `/b5/<name>` from a folder. */
export async function startFeelServer(
  dir: string,
  files: Record<string, string>,
): Promise<FeelServer> {
  const host = createQuestionHost<string>({
    authenticate: () => 'bench',
    canAccess: () => true,
  })
  const service = createUserQuestionService()
  service.registerProvider(host.provider)

  const serveFile = async (path: string, response: ServerResponse) => {
    try {
      const body = await readFile(path)
      response.writeHead(200, {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      })
      response.end(body)
    } catch {
      response.writeHead(404).end()
    }
  }
  const server = createServer((request, response) =>
    host.handleRequest(request, response, () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/'
      const file = files[path] ?? (path.startsWith('/b5/') ? `${dir}/${path.slice(4)}` : null)
      if (file && !path.includes('..')) void serveFile(file, response)
      else response.writeHead(404).end()
    }),
  )
  host.attach(server, { otherUpgrades: 'pass' })
  const bare = new ws.WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
  })
  let peer: WebSocket | null = null
  const pageAsks = { answered: 0, failed: 0 }
  const askFor = (data: unknown) => {
    const { ask } = JSON.parse(String(data)) as { ask: AskUserQuestionItem[] }
    service.ask({ sessionId: SESSION, questions: ask }).then(
      () => pageAsks.answered++,
      () => pageAsks.failed++,
    )
  }
  server.on('upgrade', (request, socket, head) => {
    if (request.url !== '/raw') {
      // The host answered its own path already; nothing else lives here.
      if (request.url?.split('?')[0] !== '/api/mux') socket.destroy()
      return
    }
    bare.handleUpgrade(request, socket, head, (opened) => {
      peer = opened
      opened.on('message', askFor)
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    host,
    service,
    origin: `http://127.0.0.1:${port}`,
    pageAsks,
    sendRaw(text) {
      const socket = peer
      if (!socket) return Promise.reject(new Error('the page has no bare socket open'))
      return new Promise((resolve, reject) =>
        socket.send(text, (error) => (error ? reject(error) : resolve())),
      )
    },
    async close() {
      host.dispose()
      bare.close()
      server.closeAllConnections()
      server.close()
      await once(server, 'close')
    },
  }
}
