import { afterEach, describe, expect, it } from 'vitest'
import { openTab, readyTab, refusedStatus, startHost, type TestHost } from './helpers.ts'

let running: TestHost
afterEach(() => running.close())

describe('mux admission', () => {
  it('refuses a mux naming another principal’s session with 403', async () => {
    running = await startHost()
    expect(await refusedStatus(openTab(running.base, { user: 'bob', sessions: ['s1'] }))).toBe(403)
    const mixed = openTab(running.base, { user: 'alice', sessions: ['s1', 'b1'] })
    expect(await refusedStatus(mixed)).toBe(403)
  })

  it('refuses an unauthenticated mux with 401', async () => {
    running = await startHost()
    expect(await refusedStatus(openTab(running.base))).toBe(401)
  })

  it('refuses a foreign Origin and accepts its own', async () => {
    running = await startHost()
    const foreign = openTab(running.base, { user: 'alice', origin: 'https://evil.example' })
    expect(await refusedStatus(foreign)).toBe(403)
    const own = openTab(running.base, { user: 'alice', origin: `http://${running.base}` })
    await own.ready()
  })

  it('accepts only listed origins when allowedOrigins is set', async () => {
    running = await startHost({ allowedOrigins: ['http://app.example'] })
    await openTab(running.base, { user: 'alice', origin: 'http://app.example' }).ready()
    const own = openTab(running.base, { user: 'alice', origin: `http://${running.base}` })
    expect(await refusedStatus(own)).toBe(403)
  })

  it('leaves upgrades of other paths to other listeners', async () => {
    running = await startHost()
    let seen = false
    running.server.on('upgrade', (request, socket) => {
      if (request.url !== '/other') return
      seen = true
      socket.destroy()
    })
    const { WebSocket } = await import('ws')
    const other = new WebSocket(`ws://${running.base}/other`)
    await new Promise((resolve) => other.on('error', resolve))
    expect(seen).toBe(true)
  })
})

describe('the downlink only goes down', () => {
  it('closes the socket with 1008 when the client sends a message', async () => {
    running = await startHost()
    const tab = await readyTab(running.base)
    tab.socket.send('{"type":"hello"}')
    expect((await tab.closed).code).toBe(1008)
  })
})

describe('dropping streams', () => {
  it('drops every stream, or only those of the principals picked, and says how many', async () => {
    running = await startHost()
    const alice = await readyTab(running.base, { user: 'alice' })
    const bob = await readyTab(running.base, { user: 'bob' })
    expect(running.host.dropStreams((user) => user === 'alice')).toBe(1)
    await alice.closed
    expect(bob.socket.readyState).toBe(bob.socket.OPEN)
    expect(running.host.dropStreams()).toBe(1)
    await bob.closed
  })
})

describe('health', () => {
  it('terminates a socket that stops answering pings', async () => {
    // Long enough that the healthy tab, in this same busy process, always pongs in time
    // (20 ms failed on 2 loaded cores); the dead one is still gone in about two intervals.
    running = await startHost({ pingIntervalMs: 300 })
    const healthy = await readyTab(running.base)
    const dead = await readyTab(running.base, { autoPong: false })
    const closed = await dead.closed
    expect(closed.code).toBe(1006)
    expect(healthy.socket.readyState).toBe(healthy.socket.OPEN)
  })

  it('closes a socket whose send buffer exceeds the limit', async () => {
    running = await startHost({ maxBufferedBytes: 64 * 1024 })
    const tab = await readyTab(running.base)
    tab.socket.pause()
    const big = 'x'.repeat(256 * 1024)
    for (let i = 0; i < 64; i++) {
      running.host.broadcast('s1', { type: 'app/blob', big })
    }
    tab.socket.resume()
    // Cut off (no close frame), not sent 16 MiB: the host gave up on the slow tab.
    expect((await tab.closed).code).toBe(1006)
    expect(tab.frames.filter((frame) => frame.type === 'app/blob').length).toBeLessThan(64)
    // A tab that reads keeps getting frames.
    const reading = await readyTab(running.base)
    running.host.broadcast('s1', { type: 'app/blob', big: 'y' })
    const [blob] = await reading.count('app/blob')
    expect(blob?.big).toBe('y')
  })
})

describe('application frames', () => {
  it('reach the session’s streams with the sessionId stamped on', async () => {
    running = await startHost()
    const s1 = await readyTab(running.base, { sessions: ['s1'] })
    const s2 = await readyTab(running.base, { sessions: ['s2'] })
    running.host.broadcast('s1', { type: 'transcript/message', text: 'hi', sessionId: 'forged' })
    running.host.broadcast('s2', { type: 'transcript/end' })
    expect(await s1.count('transcript/message')).toEqual([
      { type: 'transcript/message', text: 'hi', sessionId: 's1' },
    ])
    await s2.count('transcript/end')
    expect(s2.of('transcript/message')).toEqual([])
  })

  it('may not use the reserved namespaces', async () => {
    running = await startHost()
    expect(() => running.host.broadcast('s1', { type: 'question/resolved' })).toThrow(TypeError)
    expect(() => running.host.broadcast('s1', { type: 'mux/ready' })).toThrow(TypeError)
  })
})
