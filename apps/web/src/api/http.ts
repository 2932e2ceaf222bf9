import { parseCreated, parseError, parseSessionDetail, parseSessionList } from './parse.ts'
import type { SessionDetail, SessionSummary } from './types.ts'

/** A failed API call, with the host's error code when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

async function request(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<unknown> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers:
      init.body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  const data: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const error = parseError(data)
    throw new ApiError(
      response.status,
      error?.code ?? 'HTTP_ERROR',
      error?.message ?? `The server answered ${response.status}.`,
    )
  }
  return data
}

function unexpected(): never {
  throw new ApiError(0, 'BAD_RESPONSE', 'The server sent something unexpected.')
}

const sessionPath = (id: string) => `/api/sessions/${encodeURIComponent(id)}`

export const api = {
  async listSessions(): Promise<SessionSummary[]> {
    return parseSessionList(await request('/api/sessions')) ?? unexpected()
  },
  async getSession(id: string): Promise<SessionDetail> {
    return parseSessionDetail(await request(sessionPath(id))) ?? unexpected()
  },
  async createSession(title?: string): Promise<SessionSummary> {
    const body = title ? { title } : {}
    return parseCreated(await request('/api/sessions', { method: 'POST', body })) ?? unexpected()
  },
  async sendMessage(id: string, text: string): Promise<void> {
    await request(`${sessionPath(id)}/messages`, { method: 'POST', body: { text } })
  },
  async stop(id: string): Promise<void> {
    await request(`${sessionPath(id)}/stop`, { method: 'POST', body: {} })
  },
}
