import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendJson } from './http-util.ts'

/** A token bucket per key: `burst` requests at once, refilled at `perSecond`. */
export interface RateLimitOptions {
  /** Requests a key may make at once. @default 20 */
  burst?: number
  /** Tokens added back per second. @default 10 */
  perSecond?: number
  /** Buckets kept before full ones are forgotten. @default 10000 */
  maxKeys?: number
  /** Clock in milliseconds. @default Date.now */
  now?: () => number
}

/** What {@link RateLimiter.take} decided. */
type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number }

export interface RateLimiter {
  /** Spends one token of `key`; refuses (with the wait) when none is left. */
  take(key: string): RateDecision
}

interface Bucket {
  tokens: number
  at: number
}

export const DEFAULT_RATE_LIMIT = { burst: 20, perSecond: 10 } as const

/** Creates an in-memory token-bucket limiter. */
export function createRateLimiter(options: RateLimitOptions = {}): RateLimiter {
  const burst = options.burst ?? DEFAULT_RATE_LIMIT.burst
  const perSecond = options.perSecond ?? DEFAULT_RATE_LIMIT.perSecond
  const maxKeys = options.maxKeys ?? 10_000
  const now = options.now ?? Date.now
  const buckets = new Map<string, Bucket>()

  function refill(bucket: Bucket, at: number): void {
    const elapsed = Math.max(0, at - bucket.at) / 1000
    bucket.tokens = Math.min(burst, bucket.tokens + elapsed * perSecond)
    bucket.at = at
  }

  function forgetFullBuckets(at: number): void {
    for (const [key, bucket] of buckets) {
      refill(bucket, at)
      if (bucket.tokens >= burst) buckets.delete(key)
    }
  }

  return {
    take(key) {
      const at = now()
      let bucket = buckets.get(key)
      if (!bucket) {
        if (buckets.size >= maxKeys) forgetFullBuckets(at)
        bucket = { tokens: burst, at }
        buckets.set(key, bucket)
      } else refill(bucket, at)
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return { ok: true }
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond))
      return { ok: false, retryAfterSeconds }
    },
  }
}

/** The largest unread upload a refusal drains to keep the connection (bytes). */
const DRAIN_BYTES = 64 * 1024

/**
 * Spends a token for the request's key, or answers `429` with `retry-after`
 * and `{ error: { code: 'RATE_LIMITED' } }` (the body is never parsed). True
 * when the request was refused. A small upload is drained first and the
 * connection kept: a reply sent while the client is still writing, on a
 * connection the server then closes, reaches the client as ECONNRESET
 * instead of a 429 it could honour. A larger or unsized one is answered at
 * once and the connection closed.
 */
export function refuseWhenLimited(
  limiter: RateLimiter,
  key: string,
  res: ServerResponse,
  req: IncomingMessage,
): boolean {
  const decision = limiter.take(key)
  if (decision.ok) return false
  const seconds = decision.retryAfterSeconds
  const reply = (keep: boolean) =>
    sendJson(
      res,
      429,
      { error: { code: 'RATE_LIMITED', message: `Too many requests; retry after ${seconds} s.` } },
      { 'retry-after': String(seconds), ...(!keep && { connection: 'close' }) },
    )
  req.resume()
  const length = Number(req.headers['content-length'] ?? Number.NaN)
  if (req.complete) reply(true)
  else if (length <= DRAIN_BYTES) req.once('end', () => reply(true))
  else reply(false)
  return true
}
