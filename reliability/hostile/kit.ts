import { createServer, type Server } from 'node:net'
import type { Reply } from '../demo.ts'

/** Retries while the host answers 429, waiting what `retry-after` says: a client that must get through. */
export async function politely<R extends Pick<Reply, 'status' | 'headers'>>(
  send: () => Promise<R>,
  seen: { limited: number },
  attempts = 20,
): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const reply = await send()
    if (reply.status !== 429 || attempt === attempts) return reply
    seen.limited += 1
    const seconds = Number(reply.headers.get('retry-after') ?? '1')
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000))
  }
}

/** A loopback port nobody listens on (bound and released). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** How many TCP connections `server` holds open right now (upgraded sockets included). */
export function openConnections(server: Pick<Server, 'getConnections'>): Promise<number> {
  return new Promise((resolve, reject) =>
    server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  )
}

/** Markdown of about `bytes` bytes: paragraphs of plain ASCII prose. */
export function markdownOf(bytes: number): string {
  const paragraph = `${'The plan touches every file in the project and needs a careful read. '.repeat(12)}\n\n`
  return paragraph.repeat(Math.ceil(bytes / paragraph.length)).slice(0, bytes)
}

/** Resident set size in MiB, one decimal. */
export function rssMiB(): number {
  return Math.round((process.memoryUsage().rss / 1024 / 1024) * 10) / 10
}

/** Runs `work` over `items`, at most `width` at a time, keeping the order of results. */
export async function inWaves<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = []
  for (let start = 0; start < items.length; start += width) {
    const wave = items.slice(start, start + width)
    results.push(...(await Promise.all(wave.map((item, i) => work(item, start + i)))))
  }
  return results
}
