import { answerBody, cancelBody, post } from '../packages/host/test/helpers.ts'
import { answerFrom } from './cluster-access.ts'
import { ClusterTab, type Endpoint } from './cluster-tabs.ts'
import { SEED, seededRandom } from './scale.ts'

/** alice's sessions in every cluster part. */
export const SESSIONS = ['alice-1', 'alice-2', 'alice-3']

/** Which sessions each tab names (`null`: every session alice may see). */
const TAB_SESSIONS: (string[] | null)[] = [
  null,
  null,
  ['alice-1'],
  ['alice-2'],
  ['alice-3'],
  ['alice-1', 'alice-2'],
  ['alice-2', 'alice-3'],
  ['alice-3', 'alice-1'],
]

/** How many tabs `openTabs` opens. */
export const TAB_COUNT = TAB_SESSIONS.length

/** One of `items`, chosen by `random`. */
export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)]
  if (item === undefined) throw new Error('nothing to pick from')
  return item
}

/** Opens alice's tabs, each on the node `pickNode` chooses (again at every reconnect). */
export function openTabs(pickNode: (random: () => number) => Endpoint | undefined): ClusterTab[] {
  return TAB_SESSIONS.map((sessions, index) => {
    const random = seededRandom(SEED * 7 + index)
    return new ClusterTab(`tab${index}`, {
      user: 'alice',
      sessions,
      random,
      pick: () => pickNode(random),
    })
  })
}

/** A response a tab sends, with its own responseId: an answer naming its sender, or a cancel. */
export interface Response {
  kind: 'answer' | 'cancel'
  /** The answer it carries (`null` for a cancel). */
  answer: ReturnType<typeof answerFrom> | null
  body: object
}

let responses = 0

export function response(
  rpcId: string,
  sessionId: string,
  kind: Response['kind'],
  label: string,
): Response {
  const answer = kind === 'answer' ? answerFrom(label) : null
  const body = answer ? answerBody(rpcId, sessionId, answer) : cancelBody(rpcId, sessionId)
  responses += 1
  return { kind, answer, body: { ...body, responseId: `response-${responses}` } }
}

/**
 * POSTs `response` through `first`; when the connection fails (the node was
 * killed), retries the same response (the same responseId) through another
 * node of `others()`. Resolves with the receipt and how many retries it took.
 */
export async function respond(
  first: Endpoint,
  response: Response,
  others: () => readonly Endpoint[],
): Promise<{ accepted: boolean; json: Record<string, unknown>; retries: number; via: Endpoint }> {
  let via = first
  for (let retries = 0; retries < 5; retries++) {
    try {
      const { json } = await post(via.base, response.body)
      return { accepted: json.accepted === true, json, retries, via }
    } catch {
      const next = others().find((node) => node !== via)
      if (!next) break
      via = next
    }
  }
  throw new Error('no node took the response')
}

/** Waits until some tab that sees `sessionId` shows the question asked with `callId`. */
export async function shownIn(
  tabs: readonly ClusterTab[],
  sessionId: string,
  callId: string,
  label: string,
  timeoutMs = 10_000,
): Promise<{ tab: ClusterTab; rpcId: string }> {
  let found: { tab: ClusterTab; rpcId: string } | undefined
  const showing = () => {
    for (const tab of tabs) {
      const rpcId = tab.callIds.get(callId)
      if (tab.sees(sessionId) && rpcId !== undefined && tab.view.has(rpcId)) found = { tab, rpcId }
    }
    return found !== undefined
  }
  const watching = tabs.filter((tab) => tab.sees(sessionId))
  await Promise.any(watching.map((tab) => tab.until(showing, label, timeoutMs))).catch(() => {})
  if (!found) throw new Error(`no tab showed ${label}`)
  return found
}

/** Waits until every tab that saw the question no longer shows it; the names of those that still do. */
export async function retiredEverywhere(
  tabs: readonly ClusterTab[],
  rpcId: string,
  timeoutMs = 10_000,
): Promise<string[]> {
  const late: string[] = []
  await Promise.all(
    tabs.map((tab) =>
      tab
        .until(() => !tab.view.has(rpcId), `${rpcId} retired`, timeoutMs)
        .catch(() => {
          late.push(tab.name)
        }),
    ),
  )
  return late
}

/** Flows at once in every part that runs flows. */
export const LANES = 6

/** The test's clock (the tabs stamp frames with it too). */
export const now = () => performance.now()

/**
 * Runs `flow(0 … count-1)` in `LANES` lanes; a flow that throws is a failure.
 * A broken run stops after a few failures (each one waits for its timeouts).
 */
export async function runLanes(
  count: number,
  flow: (index: number) => Promise<void>,
  failures: string[],
): Promise<void> {
  async function lane(first: number): Promise<void> {
    for (let index = first; index < count && failures.length < 10; index += LANES)
      await flow(index).catch((error: Error) => failures.push(`flow ${index}: ${error.message}`))
  }
  await Promise.all(Array.from({ length: LANES }, (_, index) => lane(index)))
}
