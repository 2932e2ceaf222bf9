import pg from 'pg'

/**
 * A pool whose chosen queries run as usual but whose results reach the node
 * late, as on a busy node or a descheduled backend: PostgreSQL has
 * committed, the node does not know yet. `slow(text, values)` picks the
 * queries; `reached(key)` resolves once a held query's result came back.
 * `hold` is how late: a delay in ms, or `'until-released'`, when a held
 * result waits for `release(key)` (a test that must order the held result
 * after something else, whatever the machine's load).
 */
export function slowPool(
  url: string,
  slow: (text: string, values: readonly unknown[]) => string | undefined,
  hold: number | 'until-released',
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
  const gates = new Map<string, { open: Promise<void>; release: () => void }>()
  const gate = (key: string) => {
    let found = gates.get(key)
    if (!found) {
      let release = () => {}
      const open = new Promise<void>((resolve) => {
        release = resolve
      })
      found = { open, release }
      gates.set(key, found)
    }
    return found
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
          if (hold === 'until-released') await gate(heldKey).open
          else await new Promise((resolve) => setTimeout(resolve, hold))
        }
        return result
      }
    },
  })
  return {
    pool: held,
    reached,
    /** Lets the held result of `key` through (`hold: 'until-released'`). */
    release: (key: string) => gate(key).release(),
    end: () => pool.end(),
  }
}
