/**
 * The demo host's test API (`PARLEY_TEST_API=1`), called with the page's own
 * request context so it carries the same principal cookie as the browser.
 */
import type { APIRequestContext } from '@playwright/test'
import { expect } from './fixtures.ts'

/** A question as the seam takes it (camelCase, as a plugin would ask directly). */
export interface TestQuestion {
  id: string
  question: string
  header?: string
  detail?: string
  options?: { label: string; description?: string }[]
  multiSelect?: boolean
  intent?: { kind: 'plan-review'; approve: string }
}

interface AskAnswerItem {
  id: string
  selected: string[]
  custom?: string
}

export interface AskState {
  status: 'pending' | 'answered' | 'rejected'
  rpcId?: string
  answer?: { answers: AskAnswerItem[] }
  error?: { name: string; code: string; message: string }
  /** Every deadline change the asking side observed (its `onDeadline`). */
  deadlines: { deadlineAt: number; previousDeadlineAt: number; reason: 'user' | 'activity' }[]
  /** The changes the ask heard (only for an ask started with `amendWindowMs`). */
  amendments?: { revision: number; changed: string[]; answer: { answers: AskAnswerItem[] } }[]
}

/**
 * Starts `service.ask()` for the session and returns the ask's id. `origin`
 * sends it to one cluster node (where the ask then lives) instead of the
 * config's baseURL.
 */
export async function startAsk(
  request: APIRequestContext,
  sessionId: string,
  questions: TestQuestion[],
  /**
   * `autoExtend`: the demo host extends this ask's deadline while the person
   * types; `amendWindowMs`: the answer may be changed for that long.
   */
  {
    origin = '',
    ...options
  }: { timeoutMs?: number; autoExtend?: boolean; amendWindowMs?: number; origin?: string } = {},
): Promise<string> {
  const response = await request.post(`${origin}/api/test/ask`, {
    data: { sessionId, questions, ...options },
  })
  expect(response.status(), await response.text()).toBe(202)
  const body = (await response.json()) as { askId: string }
  return body.askId
}

/** How the ask stands now. */
export async function readAsk(request: APIRequestContext, askId: string): Promise<AskState> {
  const response = await request.get(`/api/test/asks/${askId}`)
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as AskState
}

/** Waits until the ask has settled the given way, and returns it. */
export async function askSettled(
  request: APIRequestContext,
  askId: string,
  status: 'answered' | 'rejected',
): Promise<AskState> {
  await expect.poll(async () => (await readAsk(request, askId)).status).toBe(status)
  return readAsk(request, askId)
}

/** Aborts the ask's signal, as a cancelled agent turn would. */
export async function abortAsk(request: APIRequestContext, askId: string): Promise<void> {
  const response = await request.post(`/api/test/asks/${askId}/abort`, { data: {} })
  expect(response.status(), await response.text()).toBe(200)
}

/** Makes the host drop every downlink socket (WebSocket and SSE). */
export async function dropSockets(request: APIRequestContext): Promise<number> {
  const response = await request.post('/api/test/drop-sockets', { data: {} })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { dropped: number }).dropped
}
