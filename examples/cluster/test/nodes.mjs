// Test helpers: nodes of the example as real processes (`node dist/server.js`),
// tabs as real WebSockets on /api/mux, and the HTTP calls an agent and a
// browser make. Everything started here is tracked, so `stopAll()` can end it.
import { spawn } from 'node:child_process'
import WebSocket from 'ws'

const started = new Set()

/**
 * Spawns one node with `env` on a free port; resolves once it listens
 * (after it joined the cluster) with `{ name, base, stop(signal), exited }`.
 */
export function startNode(name, env) {
  const child = spawn(process.execPath, ['dist/server.js'], {
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.add(child)
  let output = ''
  const collect = (chunk) => {
    output += chunk
  }
  child.stdout.setEncoding('utf8').on('data', collect)
  child.stderr.setEncoding('utf8').on('data', collect)
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      started.delete(child)
      resolve({ code, signal })
    }),
  )
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${output}`)), 15_000)
    const onData = () => {
      const found = /listening on (http:\/\/\S+)/.exec(output)
      if (!found) return
      clearTimeout(timer)
      child.stdout.off('data', onData)
      resolve({
        name,
        base: found[1],
        exited,
        output: () => output,
        /** Sends `signal` and resolves with how the process ended. */
        stop(signal = 'SIGTERM') {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal)
          return exited
        },
      })
    }
    child.stdout.on('data', onData)
    exited.then(({ code, signal }) => {
      clearTimeout(timer)
      reject(new Error(`${name} exited (${code ?? signal}) before listening: ${output}`))
    })
  })
}

/** Ends every node still running: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopAll(graceMs = 3_000) {
  await Promise.all(
    [...started].map((child) => {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const kill = setTimeout(() => child.kill('SIGKILL'), graceMs)
      return exited.finally(() => clearTimeout(kill))
    }),
  )
}

/** Synchronous last resort (process 'exit'): SIGKILL whatever is left. */
export function killAll() {
  for (const child of started) child.kill('SIGKILL')
}

/** `POST path` with a JSON body; resolves with `{ status, body }`. */
export async function post(base, path, token, body) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

/** `GET path`; resolves with `{ status, body }`. */
export async function get(base, path, token) {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })
  return { status: response.status, body: await response.json() }
}

/** Polls `check` every 25 ms until it returns something truthy, for up to `ms`. */
export async function eventually(check, ms, what) {
  const until = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * A browser tab: a WebSocket on `/api/mux?session=…` of one node, keeping
 * every frame it got. Resolves once the socket is open; rejects with the
 * refusal's status when the upgrade is refused.
 */
export async function openTab(base, token, sessionId) {
  const url = `${base.replace('http', 'ws')}/api/mux?session=${encodeURIComponent(sessionId)}`
  const socket = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } })
  const frames = []
  const waiters = new Set()
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)))
    for (const waiter of [...waiters]) waiter()
  })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused with ${response.statusCode}`)),
    )
  })
  return {
    frames,
    /** The first frame (already received or still to come) `predicate` accepts. */
    next(predicate, ms = 5_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no such frame within ${ms} ms; got ${JSON.stringify(frames)}`))
        }, ms)
        const check = () => {
          const frame = frames.find(predicate)
          if (!frame) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(frame)
        }
        waiters.add(check)
        check()
      })
    },
    close() {
      socket.terminate()
    },
  }
}
