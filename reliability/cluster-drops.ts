import { isDeepStrictEqual } from 'node:util'
import type { QuestionHostOptions } from '../packages/host/src/index.ts'
import { post } from '../packages/host/test/helpers.ts'
import type { TestCluster, TestNode } from '../packages/host-postgres/test/cluster.ts'
import { isUserQuestionError } from '../packages/seam/src/index.ts'
import { canAccess, userOf } from './cluster-access.ts'
import {
  now,
  openTabs,
  pick,
  type Response,
  response,
  retiredEverywhere,
  runLanes,
  SESSIONS,
  shownIn,
} from './cluster-flows.ts'
import {
  checkTabs,
  questionRows,
  type SettledMark,
  tabChecks,
  tabFigures,
  within,
} from './cluster-ledger.ts'
import { type ClusterTab, sync } from './cluster-tabs.ts'
import { SEED, seededRandom } from './scale.ts'

// Nothing dies in this part: liveness slow enough that a busy machine never reaps a live node.
const LIVENESS = { heartbeatMs: 500, deadAfterMs: 5_000, recheckMs: 1_000 }
const ACCESS: Partial<QuestionHostOptions<string>> = {
  canAccess,
  authenticate: (request) => userOf(request.headers.get('x-user')),
}

/**
 * Part 1: `count` flows on three in-process nodes while streams drop at
 * random. Returns what it counted (`figures`), what it found (`checks`,
 * for the test to compare), and the flows that broke (`failures`).
 */
export async function runDropFlows(cluster: TestCluster, count: number) {
  const startedAt = now()
  const nodes: TestNode[] = []
  for (const id of ['n1', 'n2', 'n3']) nodes.push(await cluster.start(id, LIVENESS, ACCESS))
  const tabs = openTabs((random) => pick(random, nodes))
  const failures: string[] = []
  const askedAt = new Map<string, number>()
  const marks = new Map<string, SettledMark>()
  const expected = new Map<string, Response>()
  const chaos = { hostDrops: 0, streamsDropped: 0, cuts: 0, politeCloses: 0 }
  const counts = {
    settledOnce: 0,
    answered: 0,
    cancelled: 0,
    races: 0,
    racesLost: 0,
    retries: 0,
    retriesAccepted: 0,
    shownOnAnotherNode: 0,
    answeredThroughAnotherNode: 0,
  }

  /** A node drops all its streams, or a tab's socket is cut or closed. */
  function strike(random: () => number): void {
    const roll = random()
    if (roll < 0.4) {
      chaos.hostDrops += 1
      chaos.streamsDropped += pick(random, nodes).host.dropStreams()
    } else if (roll < 0.8) {
      chaos.cuts += 1
      pick(random, tabs).cut()
    } else {
      chaos.politeCloses += 1
      pick(random, tabs).closePolitely()
    }
  }
  const maybeStrike = (random: () => number) => {
    if (random() < 0.3) strike(random)
  }

  /** Another tab that shows the question within 2 s, to race the first (or none). */
  async function rivalOf(random: () => number, tab: ClusterTab, sessionId: string, rpcId: string) {
    const rival = pick(random, tabs)
    if (random() >= 0.35 || rival === tab || !rival.sees(sessionId)) return undefined
    const shows = await rival
      .until(() => rival.view.has(rpcId), 'the rival shows it', 2_000)
      .then(
        () => true,
        () => false,
      )
    return shows ? rival : undefined
  }

  async function flow(index: number): Promise<void> {
    const random = seededRandom(SEED + 1_000 * index)
    const sessionId = pick(random, SESSIONS)
    const asker = pick(random, nodes)
    const callId = `flow-${index}`
    const label = `flow ${index}`
    maybeStrike(random)
    const asked = now()
    let settles = 0
    let result: { answer: unknown } | { code: string; cause?: unknown } | undefined
    const settled = asker.ask(sessionId, { callId }).then(
      (answer) => {
        settles += 1
        result = { answer }
      },
      (error: unknown) => {
        settles += 1
        const code = isUserQuestionError(error) ? error.code : String(error)
        const { cause } = error as { cause?: unknown }
        result = cause === undefined ? { code } : { code, cause: String(cause) }
      },
    )
    const { tab, rpcId } = await shownIn(tabs, sessionId, callId, `${label} shown`)
    askedAt.set(rpcId, asked)
    if (tab.current?.node !== asker.id) counts.shownOnAnotherNode += 1
    maybeStrike(random)

    // The tab that shows it answers (or cancels); sometimes another tab races it.
    const kind = random() < 0.1 ? 'cancel' : 'answer'
    const sends = [
      {
        response: response(rpcId, sessionId, kind, `${label} ${tab.name}`),
        via: pick(random, nodes),
      },
    ]
    const rival = await rivalOf(random, tab, sessionId, rpcId)
    if (rival) {
      counts.races += 1
      sends.push({
        response: response(rpcId, sessionId, 'answer', `${label} ${rival.name}`),
        via: pick(random, nodes),
      })
    }
    if (random() < 0.3) strike(random)
    const replies = await Promise.all(sends.map((send) => post(send.via.base, send.response.body)))
    const accepted = sends.filter((_, i) => replies[i]?.json.accepted === true)
    counts.racesLost += replies.filter((reply) => reply.json.reason === 'not-pending').length
    const winner = accepted[0]
    if (accepted.length !== 1 || !winner) {
      const receipts = JSON.stringify(replies.map((reply) => reply.json))
      failures.push(`${label}: ${accepted.length} accepted of ${receipts}`)
      return
    }
    if (winner.via.id !== asker.id) counts.answeredThroughAnotherNode += 1
    expected.set(rpcId, winner.response)
    // The reply was lost: the same response again, through any node, is accepted again.
    if (random() < 0.25) {
      counts.retries += 1
      const again = await post(pick(random, nodes).base, winner.response.body)
      if (again.json.accepted === true) counts.retriesAccepted += 1
      else failures.push(`${label}: the retried response got ${JSON.stringify(again.json)}`)
    }
    await within(settled, 15_000, `${label} settled`)
    const { answer } = winner.response
    const wanted = answer ? { answer } : { code: 'ASK_CANCELLED' }
    if (settles === 1 && isDeepStrictEqual(result, wanted)) {
      counts.settledOnce += 1
      counts[answer ? 'answered' : 'cancelled'] += 1
    } else failures.push(`${label}: settled ${settles}× with ${JSON.stringify(result)}`)
    const marker = pick(random, nodes)
    const mark = { node: marker.id, type: `test/settled-${index}` }
    marks.set(rpcId, mark)
    marker.host.broadcast(sessionId, { type: mark.type })
    // Every tab retires it (a tab that is reconnecting does when its replay comes).
    const late = await retiredEverywhere(tabs, rpcId)
    if (late.length > 0) failures.push(`${label}: still shown in ${late.join(', ')}`)
  }

  try {
    await runLanes(count, flow, failures)
    // Quiet now: every tab back and past every frame any node sent.
    await sync(
      tabs,
      nodes.map((node) => node.id),
      (id, mark) => {
        const node = nodes.find((candidate) => candidate.id === id)
        for (const sessionId of SESSIONS) node?.host.broadcast(sessionId, { type: mark })
      },
    )
    const rows = await questionRows(cluster.admin)
    const verdict = checkTabs(tabs, rows, askedAt, marks)
    const disagreeing = rows.filter((row) => {
      const accepted = expected.get(row.rpcId)
      return (
        row.state !== (accepted?.answer ? 'answered' : accepted ? 'cancelled' : 'none') ||
        !isDeepStrictEqual(row.answer, accepted?.answer ?? null) ||
        // Delivery is recorded for durable waits; a plain ask's ending rides its doorbell.
        (row.resumeKey !== null && !row.delivered)
      )
    })
    const pendingRows = rows.filter((row) => row.state === 'pending').length
    const errors = nodes.flatMap((node) => node.errors.map((error) => `${node.id}: ${error}`))
    const figures: [string, number | string][] = [
      ['flows', count],
      ['asks settled exactly once, with the accepted response', `${counts.settledOnce}/${count}`],
      ['answered / cancelled', `${counts.answered} / ${counts.cancelled}`],
      ['questions shown first on a tab of another node than the asker', counts.shownOnAnotherNode],
      ['responses accepted through another node than the asker', counts.answeredThroughAnotherNode],
      [
        'races between two tabs (the loser refused not-pending)',
        `${counts.races} (${counts.racesLost})`,
      ],
      [
        'retried responses accepted again (same responseId, any node)',
        `${counts.retriesAccepted}/${counts.retries}`,
      ],
      [
        'nodes dropping all their streams / streams dropped',
        `${chaos.hostDrops} / ${chaos.streamsDropped}`,
      ],
      ['tab sockets cut / closed politely', `${chaos.cuts} / ${chaos.politeCloses}`],
      ...tabFigures(verdict),
      ['questions in the table / pending at the end', `${rows.length} / ${pendingRows}`],
      ['stored outcomes or answers not the accepted one, or undelivered', disagreeing.length],
      ['errors reported by the nodes', errors.length],
      ['duration', `${((now() - startedAt) / 1_000).toFixed(1)} s`],
    ]
    return {
      failures,
      figures,
      checks: {
        settledOnce: counts.settledOnce,
        rows: rows.length,
        pendingRows,
        disagreeing: disagreeing.map((row) => row.rpcId),
        awaitedOnNodes: nodes.reduce((sum, node) => sum + node.host.pending().length, 0),
        errors,
        retriesAccepted: counts.retriesAccepted,
        ...tabChecks(verdict),
      },
      /** What makes the checks more than 0/0. */
      exercised: {
        drops: chaos.streamsDropped + chaos.cuts + chaos.politeCloses,
        connections: verdict.connections,
        covered: verdict.covered,
        acrossNodes: counts.answeredThroughAnotherNode,
        races: counts.races,
        retries: counts.retries,
      },
    }
  } finally {
    for (const tab of tabs) tab.stop()
  }
}
