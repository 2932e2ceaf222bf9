import { connect } from 'node:net'

/** What the server did with raw bytes: its status line (if any) and whether it closed the socket. */
export interface RawOutcome {
  status: number | null
  text: string
  closed: boolean
}

/**
 * Writes `head` (CRLF-joined lines, then a blank line) on a fresh TCP socket
 * and reads until the server closes it, `waitMs` passes, or (`untilStreamOpens`)
 * a stream it opened sent its headers.
 */
export function rawRequest(
  base: string,
  lines: string[],
  waitMs = 2_000,
  options: { untilStreamOpens?: boolean } = {},
): Promise<RawOutcome> {
  const [host, port] = base.split(':')
  return new Promise((resolve) => {
    const socket = connect(Number(port), host)
    let text = ''
    const finish = (closed: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text)
      resolve({ status: match ? Number(match[1]) : null, text, closed })
    }
    const timer = setTimeout(() => finish(false), waitMs)
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1')
      // A stream that opened (an upgrade, an SSE stream) stays open: its headers are the answer.
      if (options.untilStreamOpens && /^HTTP\/1\.1 (101|200)[\s\S]*\r\n\r\n/.test(text))
        finish(false)
    })
    socket.on('close', () => finish(true))
    socket.on('error', () => {})
    socket.write(`${lines.join('\r\n')}\r\n\r\n`)
  })
}

/** The headers of a WebSocket upgrade request to `target`. */
export function upgradeLines(target: string, host: string): string[] {
  return [
    `GET ${target} HTTP/1.1`,
    `Host: ${host}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    'x-user: alice',
  ]
}
