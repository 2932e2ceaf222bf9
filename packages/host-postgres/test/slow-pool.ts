import pg from 'pg'

/**
 * A pool whose chosen queries run as usual but whose results reach the node
 * `delayMs` late, as on a busy node or a descheduled backend: PostgreSQL has
 * committed, the node does not know yet. `slow(text, values)` picks the
 * queries; `reached(key)` resolves once a held query's result came back.
 */
export function slowPool(
  url: string,
  slow: (text: string, values: readonly unknown[]) => string | undefined,
  delayMs: number,
) {
  const pool = new pg.Pool({ connectionString: url, max: 6 })
  pool.on('error', () => {})
  const waiting = new Map<string, () => void>()
  const reachedAt = new Map<string, Promise<void>>()
  const reached = (key: string) => {
    let promise = reachedAt.get(key)
    if (!promise) {
      promise = new Promise((resolve) => waiting.set(key, resolve))
      reachedAt.set(key, promise)
    }
    return promise
  }
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>
  const held = new Proxy(pool, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver)
      // Called as (text, values) or with a config ({ name?, text, values }).
      return async (first: string | { text: string; values?: unknown[] }, second?: unknown[]) => {
        const result = await query(first, second)
        const text = typeof first === 'string' ? first : first.text
        const values = (typeof first === 'string' ? second : first.values) ?? []
        const heldKey = slow(text, values)
        if (heldKey !== undefined) {
          reached(heldKey)
          waiting.get(heldKey)?.()
          await new Promise((resolve) => setTimeout(resolve, delayMs))
        }
        return result
      }
    },
  })
  return { pool: held, reached, end: () => pool.end() }
}
