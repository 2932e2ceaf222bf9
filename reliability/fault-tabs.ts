import {
  type ClientQuestion,
  createQuestionClient,
  type FetchLike,
  type QuestionClient,
} from '../packages/client/src/index.ts'
import { fastTimers } from './demo.ts'
import { SEED, seededRandom } from './scale.ts'
import {
  type LinkHook,
  type TabLinks,
  type Transport,
  tabLinks,
  type Verdict,
} from './tab-links.ts'

/** The faults of a flow on either transport. */
const COMMON_FAULTS = [
  'none',
  'asked-while-down',
  'before-replay',
  'during-replay',
  'after-ready',
  'stream-ends',
  'lost-broadcast',
  'server-drop',
  'garbage-frame',
  'slow-stream',
  'reconnect-storm',
] as const

export type Fault = (typeof COMMON_FAULTS)[number] | 'cut-mid-event'

/**
 * The faults each transport gets. A WebSocket message arrives whole or not
 * at all, so only an SSE event can be cut in the middle.
 */
export const FAULTS: Record<Transport, readonly Fault[]> = {
  websocket: COMMON_FAULTS,
  sse: [...COMMON_FAULTS, 'cut-mid-event'],
}

/** Faults armed on the tab's next downlink (the flow cuts the current one to get there). */
export const NEXT_LINK_FAULTS: ReadonlySet<Fault> = new Set<Fault>([
  'before-replay',
  'during-replay',
  'cut-mid-event',
  'after-ready',
  'stream-ends',
  'garbage-frame',
  'slow-stream',
])

/** Frames the wire schemas must refuse (the suite checks that they do), injected mid-replay. */
export const GARBAGE = [
  'not json',
  '',
  '[]',
  '{"type":"question/requested"',
  '{"type":"mux/ready"}garbage',
  '{"type":"mux/ready"\n,"live":',
  '{"type":"question/resolved","rpcId":7,"sessionId":"s","outcome":"answered"}',
  '{"type":"question/requested","rpcId":"x","sessionId":"s","questions":[],"requestedAt":1}',
]

/** A tab: a real `@parley/client` on downlinks the test steers, and what it saw. */
export interface Tab {
  name: string
  links: TabLinks
  client: QuestionClient
  /** The one-shot fault armed on this tab (see `arm`), consulted for every frame. */
  fault: LinkHook | null
  /** Every `question/resolved` frame handed to the client on a live downlink: rpcId → outcome (first kept). */
  delivered: Map<string, unknown>
  /** Every outcome the client's store recorded: rpcId → outcome. */
  recorded: Map<string, string>
  /** Frames the host never sent that were handed to the client. */
  injected: number
  /** Frames the client reported as malformed. */
  frameErrors: number
  /** Store changes in which a session held one rpcId twice. */
  duplicates: number
  storeChanges: number
}

/** Tab `index` of the principal with `cookie`, over `transport`. */
export function createTab(
  index: number,
  transport: Transport,
  base: string,
  cookie: string,
  fetch: FetchLike,
): Tab {
  const links = tabLinks(transport, base, cookie, seededRandom(SEED + 2000 + index))
  const client = createQuestionClient({
    baseUrl: base,
    ...links.options,
    fetch,
    timers: fastTimers,
    random: seededRandom(SEED + 1000 + index),
  })
  const tab: Tab = {
    name: `${transport} tab ${index}`,
    links,
    client,
    fault: null,
    delivered: new Map(),
    recorded: new Map(),
    injected: 0,
    frameErrors: 0,
    duplicates: 0,
    storeChanges: 0,
  }
  // Read for every frame the tab's downlink gets; nothing arrives before the next turn.
  links.hook = (frame, link) => (tab.fault ? tab.fault(frame, link) : 'deliver')
  links.onDelivered = (frame) => {
    const rpcId = String(frame.rpcId)
    if (frame.type === 'question/resolved' && !tab.delivered.has(rpcId))
      tab.delivered.set(rpcId, frame.outcome)
  }
  client.onFrameError(() => {
    tab.frameErrors += 1
  })
  // The first subscription starts the client (it was handed a WebSocket / EventSource).
  client.subscribe((state, previous) => {
    tab.storeChanges += 1
    for (const [sessionId, session] of Object.entries(state.sessions)) {
      const ids = session.requests.map((request) => request.rpcId)
      if (new Set(ids).size !== ids.length) tab.duplicates += 1
      if (session.resolutions === previous.sessions[sessionId]?.resolutions) continue
      for (const [rpcId, outcome] of Object.entries(session.resolutions))
        if (!tab.recorded.has(rpcId)) tab.recorded.set(rpcId, outcome)
    }
  })
  return tab
}

/**
 * Arms a one-shot fault on the tab's next downlink (or, for `lost-broadcast`,
 * on the `question/resolved` of `rpcId`). Resolves once it fired.
 */
export function arm(tab: Tab, fault: Fault, rpcId: string, garbage: string): Promise<void> {
  const old = tab.links.link
  return new Promise((resolve) => {
    const fired = (verdict: Verdict): Verdict => {
      tab.fault = null
      resolve()
      return verdict
    }
    tab.fault = (frame, link) => {
      const replaying = !link.readySeen && frame.type === 'question/requested'
      const ready = frame.type === 'mux/ready'
      if (fault === 'lost-broadcast') {
        if (frame.type !== 'question/resolved' || frame.rpcId !== rpcId) return 'deliver'
        link.cut()
        return fired('drop')
      }
      if (link === old) return 'deliver'
      switch (fault) {
        case 'before-replay':
          link.cut()
          return fired('drop')
        case 'during-replay':
          if (!replaying) return 'deliver'
          link.cut()
          return fired('deliver')
        case 'cut-mid-event':
          if (!replaying) return 'deliver'
          link.end()
          return fired('split')
        case 'after-ready':
          if (!ready) return 'deliver'
          link.cut()
          return fired('deliver')
        case 'stream-ends':
          if (!ready) return 'deliver'
          link.end()
          return fired('deliver')
        case 'garbage-frame':
          if (!replaying) return 'deliver'
          tab.injected += 1
          link.inject(garbage)
          return fired('deliver')
        case 'slow-stream':
          return ready ? fired('deliver') : 'deliver'
        default:
          return 'deliver'
      }
    }
  })
}

/** Rejects when `promise` takes longer than `ms`. */
export function within<T>(promise: Promise<T>, label: string, ms = 10_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${label}`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

export const shows = (tab: Tab, sessionId: string, rpcId: string) =>
  tab.client.getSessionQuestions(sessionId).some((question) => question.rpcId === rpcId)

/** The request `rpcId` as the tab holds it, and the rpcIds ahead of it. */
export function placeOf(tab: Tab, sessionId: string, rpcId: string) {
  const requests = tab.client.getSessionQuestions(sessionId)
  const index = requests.findIndex((question) => question.rpcId === rpcId)
  return {
    request: requests[index] as ClientQuestion | undefined,
    ahead: requests.slice(0, Math.max(0, index)).map((question) => question.rpcId),
    copies: requests.filter((question) => question.rpcId === rpcId).length,
  }
}

/**
 * A replay kept the request's identity: the very same entry, once, and
 * nothing that arrived after it is ahead of it (its place in arrival order),
 * so the composer's drafts, keyed by rpcId, find it again.
 */
export function keptIdentity(
  before: ReturnType<typeof placeOf>,
  after: ReturnType<typeof placeOf>,
): boolean {
  return (
    after.request !== undefined &&
    after.request === before.request &&
    after.copies === 1 &&
    after.ahead.every((rpcId) => before.ahead.includes(rpcId))
  )
}
