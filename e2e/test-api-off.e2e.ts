import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createDemoServer } from '../apps/host/src/server.ts'
import { expect, test } from './support/fixtures.ts'

const TEST_ROUTES = [
  { method: 'POST', path: '/api/test/ask', data: { sessionId: 'any', questions: [] } },
  { method: 'GET', path: '/api/test/asks/00000000-0000-0000-0000-000000000000' },
  { method: 'POST', path: '/api/test/asks/00000000-0000-0000-0000-000000000000/abort', data: {} },
  { method: 'POST', path: '/api/test/drop-sockets', data: {} },
] as const

test('without PARLEY_TEST_API the test routes do not exist', async ({ playwright }) => {
  // A second demo host in this process, configured as main.ts does without the flag.
  const demo = createDemoServer({ webRoot: path.resolve('apps/web/dist') })
  await new Promise<void>((resolve) => demo.server.listen(0, '127.0.0.1', resolve))
  const { port } = demo.server.address() as AddressInfo
  const api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${port}` })
  try {
    // The demo itself is served.
    expect((await api.get('/')).status()).toBe(200)
    expect((await api.post('/api/sessions', { data: {} })).status()).toBe(201)
    for (const route of TEST_ROUTES) {
      const response = await api.fetch(route.path, {
        method: route.method,
        ...('data' in route ? { data: route.data } : {}),
      })
      expect(response.status(), `${route.method} ${route.path}`).toBe(404)
    }
  } finally {
    await api.dispose()
    await demo.close()
  }
})

test('with PARLEY_TEST_API=1 the same routes answer', async ({ request }) => {
  // A page load mints the principal; the API never does.
  await request.get('/')
  // The suite's host has the flag: the ask route exists and looks the session up
  // (an unknown or foreign session is NO_SESSION; a missing route would be NOT_FOUND).
  const response = await request.post('/api/test/ask', {
    data: { sessionId: 'someone-elses', questions: [] },
  })
  expect(response.status()).toBe(404)
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NO_SESSION')
})
