import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { rawRequest, startDemo, statusOf, user } from './harness.ts'

const malformed = ['/%', '/%zz', '/assets/%C0%AF', '/api/sessions/%E0%A4%A', 'http://[/']

let demo: Awaited<ReturnType<typeof startDemo>>
let folder: string

beforeAll(() => {
  // `web` is the web root; `web-old` is the sibling a missing separator check would expose.
  folder = mkdtempSync(path.join(tmpdir(), 'parley-static-'))
  mkdirSync(path.join(folder, 'web', 'assets'), { recursive: true })
  mkdirSync(path.join(folder, 'web-old'))
  writeFileSync(path.join(folder, 'web', 'index.html'), '<!doctype html><title>Parley</title>')
  writeFileSync(path.join(folder, 'web', 'assets', 'app-1234.js'), 'console.log(1)')
  writeFileSync(path.join(folder, 'web', '.env'), 'SECRET=1')
  writeFileSync(path.join(folder, 'web-old', 'x'), 'the old build')
})
afterAll(() => rmSync(folder, { recursive: true, force: true }))
beforeEach(async () => {
  demo = await startDemo({ webRoot: path.join(folder, 'web') })
})
afterEach(async () => {
  await demo.close()
})

describe('request targets that do not parse', () => {
  it.each(malformed)(
    'GET %s answers 400 BAD_REQUEST_TARGET and the host lives on',
    async (target) => {
      const reply = await rawRequest(
        demo.port,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      )
      expect(statusOf(reply)).toBe(400)
      expect(reply).toContain('"code":"BAD_REQUEST_TARGET"')
      expect(reply.toLowerCase()).toContain('x-content-type-options: nosniff')
      expect((await fetch(`${demo.base}/`)).status).toBe(200)
    },
  )

  it('answers HEAD with a truncated escape with 400 too', async () => {
    const reply = await rawRequest(
      demo.port,
      'HEAD /%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    )
    expect(statusOf(reply)).toBe(400)
    expect((await fetch(`${demo.base}/`)).status).toBe(200)
  })

  it('refuses a WebSocket upgrade to a target that does not parse, and lives on', async () => {
    const reply = await rawRequest(
      demo.port,
      'GET http://[/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    )
    expect(statusOf(reply)).toBe(400)
    expect((await fetch(`${demo.base}/`)).status).toBe(200)
  })

  it('refuses an upgrade to any path but the mux with 404', async () => {
    const reply = await rawRequest(
      demo.port,
      'GET /elsewhere HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    )
    expect(statusOf(reply)).toBe(404)
  })
})

describe('a handler that throws', () => {
  it('answers 500 INTERNAL, logs the error, and the host lives on', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const alice = user(demo.base)
    await alice.request('/')
    demo.sessions.list = () => {
      throw new Error('a bug in a handler')
    }
    const reply = await alice.request('/api/sessions')
    expect(reply.status).toBe(500)
    expect(reply.body.error.code).toBe('INTERNAL')
    expect(logged).toHaveBeenCalledWith(expect.any(String), expect.any(Error))
    logged.mockRestore()
    expect((await alice.request('/')).status).toBe(200)
  })
})

describe('the web app', () => {
  it('serves index.html as no-cache with the security headers', async () => {
    const response = await fetch(`${demo.base}/`)
    expect(await response.text()).toContain('<title>Parley</title>')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it('serves an app route like /s/<id> with index.html', async () => {
    const response = await fetch(`${demo.base}/s/3f2a-11`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<title>Parley</title>')
    expect(response.headers.get('cache-control')).toBe('no-cache')
  })

  it('serves assets as immutable', async () => {
    const response = await fetch(`${demo.base}/assets/app-1234.js`)
    expect(await response.text()).toBe('console.log(1)')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('answers a missing asset with 404 and nosniff, not with index.html', async () => {
    for (const missing of ['/assets/gone.js', '/assets/gone', '/favicon.ico']) {
      const response = await fetch(demo.base + missing)
      expect(response.status, missing).toBe(404)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(await response.text()).not.toContain('<title>')
    }
  })

  it('does not reach a sibling folder through an encoded separator (/..%2fweb-old/x)', async () => {
    for (const target of ['/..%2fweb-old/x', '/..%5cweb-old/x', '/%2e%2e%2fweb-old/x']) {
      const reply = await rawRequest(
        demo.port,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      )
      expect(statusOf(reply), target).toBe(404)
      expect(reply).not.toContain('the old build')
    }
  })

  it('does not climb out with dot segments or serve dotfiles', async () => {
    for (const target of ['/../web-old/x', '/assets/../../web-old/x', '/.env', '/%2eenv']) {
      const reply = await rawRequest(
        demo.port,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      )
      expect(reply, target).not.toContain('the old build')
      expect(reply, target).not.toContain('SECRET')
    }
  })

  it('serves the whole file for a backwards Range instead of failing mid-reply', async () => {
    const response = await fetch(`${demo.base}/assets/app-1234.js`, {
      headers: { range: 'bytes=9-2' },
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('console.log(1)')
  })

  it('does not serve the app to other methods', async () => {
    expect((await fetch(`${demo.base}/`, { method: 'POST' })).status).toBe(404)
  })
})

describe('before the web app is built', () => {
  it('answers 503 with the security headers, and still mints the principal', async () => {
    const unbuilt = await startDemo()
    const response = await fetch(`${unbuilt.base}/`)
    expect(response.status).toBe(503)
    expect(await response.text()).toContain('not built')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('set-cookie')).toMatch(/^parley_principal=v1\./)
    await unbuilt.close()
  })
})
