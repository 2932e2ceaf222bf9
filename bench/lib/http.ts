import { Agent, request } from 'node:http'

/** A keep-alive agent, so measured and baseline POSTs reuse connections alike. */
export const keepAlive = (maxSockets: number) => new Agent({ keepAlive: true, maxSockets })

/** POSTs a JSON text and resolves with the status and the body once the response has ended. */
export function postJson(
  agent: Agent,
  base: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const [host, port] = base.split(':')
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host,
        port: Number(port),
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        )
        response.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}
