// The client's tests run it against the real host on loopback.
import { WebSocket } from '../../host/test/helpers.ts'
import type { ClientTimers, QuestionClientOptions, WebSocketConstructor } from '../src/index.ts'

export {
  ACCESS as ACCESS_FOR_TESTS,
  answerBody,
  cancelBody,
  post,
  QUESTIONS,
  startHost,
  type TestHost,
  VALID_ANSWER,
  WebSocketServer,
} from '../../host/test/helpers.ts'

/** A `WebSocket` constructor that authenticates as `user` (the test host reads `x-user`). */
function webSocketAs(user: string): WebSocketConstructor {
  return class extends WebSocket {
    constructor(url: string) {
      super(url, { headers: { 'x-user': user } })
    }
  }
}

/** Backoff timers fired by hand; `delays` records every requested delay. */
export function manualClock() {
  const queue: { callback: () => void; ms: number; handle: number }[] = []
  const delays: number[] = []
  let wake: (() => void) | null = null
  let next = 1
  const timers: ClientTimers = {
    setTimeout(callback, ms) {
      delays.push(ms)
      const handle = next++
      queue.push({ callback, ms, handle })
      wake?.()
      return handle
    },
    clearTimeout(handle) {
      const index = queue.findIndex((timer) => timer.handle === handle)
      if (index >= 0) queue.splice(index, 1)
    },
  }
  return {
    timers,
    delays,
    get scheduled() {
      return queue.length
    },
    /** Resolves once a timer is scheduled. */
    scheduledSoon(): Promise<void> {
      if (queue.length > 0) return Promise.resolve()
      return new Promise((resolve) => {
        wake = () => {
          wake = null
          resolve()
        }
      })
    },
    /** Runs the oldest scheduled timer. */
    fire() {
      const timer = queue.shift()
      if (!timer) throw new Error('no timer scheduled')
      timer.callback()
    },
  }
}

export function clientOptions(
  base: string,
  user = 'alice',
  extra: Partial<QuestionClientOptions> = {},
): QuestionClientOptions {
  return {
    baseUrl: `http://${base}`,
    WebSocket: webSocketAs(user),
    headers: () => ({ 'x-user': user }),
    ...extra,
  }
}

/** Resolves when `test()` holds, checking after every store change. */
export function until<T>(
  subscribe: (listener: () => void) => () => void,
  test: () => T | undefined | false,
  label = 'condition',
  timeoutMs = 4000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`timed out waiting for ${label}`))
    }, timeoutMs)
    const check = () => {
      const value = test()
      if (value === undefined || value === false) return
      clearTimeout(timer)
      stop()
      resolve(value)
    }
    const stop = subscribe(check)
    check()
  })
}
