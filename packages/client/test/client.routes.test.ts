import { afterEach, describe, expect, it, vi } from 'vitest'
import { routeExists } from '../src/extend.ts'
import { createQuestionClient, type QuestionClient } from '../src/index.ts'
import { clientOptions, startHost, type TestHost } from './loopback.ts'

let running: TestHost | undefined
let client: QuestionClient | undefined
afterEach(async () => {
  client?.close()
  client = undefined
  await running?.close()
  running = undefined
})

describe('routeExists against a real host', () => {
  it("finds the host's extend and amend routes, not a path it never serves, and asks once per path", async () => {
    running = await startHost()
    const fetched: string[] = []
    const options = clientOptions(running.base, 'alice')
    client = createQuestionClient({
      ...options,
      fetch: (url, init) => {
        fetched.push(url)
        return fetch(url, init)
      },
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      expect(await routeExists(client, '/api/extend')).toBe(true)
      expect(await routeExists(client, '/api/amend')).toBe(true)
      expect(await routeExists(client, '/api/parley-nowhere')).toBe(false)
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0]?.[0])).toContain('POST /api/parley-nowhere answered 404')
      // Asked again: the same answers, from memory.
      expect(await routeExists(client, '/api/extend')).toBe(true)
      expect(await routeExists(client, '/api/parley-nowhere')).toBe(false)
      expect(fetched.map((url) => new URL(url).pathname)).toEqual([
        '/api/extend',
        '/api/amend',
        '/api/parley-nowhere',
      ])
      expect(warn).toHaveBeenCalledTimes(1)
    } finally {
      warn.mockRestore()
    }
  })
})
