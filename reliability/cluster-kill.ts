import { isDeepStrictEqual } from 'node:util'
import type { TestCluster } from '../packages/host-postgres/test/cluster.ts'
import type { Liveness } from './cluster-access.ts'
import {
  now,
  openTabs,
  pick,
  type Response,
  respond,
  response,
  retiredEverywhere,
  runLanes,
  SESSIONS,
  shownIn,
} from './cluster-flows.ts'
import {
  checkTabs,
  maxOf,
  questionRows,
  type SettledMark,
  tabChecks,
  tabFigures,
  untilNonePending,
} from './cluster-ledger.ts'
import { among, broadcastThrough, type ChildNode, spawnNode } from './cluster-nodes.ts'
import { type ClusterTab, sync } from './cluster-tabs.ts'
import { SEED, seededRandom } from './scale.ts'

interface KillSizes {
  flows: number
  stranded: number
  liveness: Liveness
}

/**
 * Part 2: `flows` flows on three node processes; once a third started,
 * `stranded` more questions are asked on the third node and shown in every
 * tab, and that node gets SIGKILL.
 */
export async function runKillFlows(cluster: TestCluster, sizes: KillSizes) {
  const startedAt = now()
  const spawned = await Promise.all(
    ['k1', 'k2', 'k3'].map((id) =>
      spawnNode({ url: cluster.url, id, channel: 'parley_kill', liveness: sizes.liveness }),
    ),
  )
  const victim = spawned[2] ?? missing('the third node')
  const survivors = new Set(spawned.slice(0, 2))
  const alive = new Set(spawned)
  const tabs = openTabs(among(alive))
  const failures: string[] = []
  const askedAt = new Map<string, number>()
  const marks = new Map<string, SettledMark>()
  const expected = new Map<string, Response>()
  const stranded: string[] = []
  const counts = {
    started: 0,
    survivorAsks: 0,
    survivorSettledOnce: 0,
    victimSettledBeforeKill: 0,
    victimCut: 0,
    victimAnsweredAgentKilled: 0,
    respondRetried: 0,
    respondRetriedAccepted: 0,
    drops: 0,
    cuts: 0,
  }
  let killedAt = 0
  let reapMs = Number.NaN
  let victimExit: number | string = 'running'
  let wakeKiller = () => {}

  /** A tab's socket is cut, or a node drops all its streams. */
  async function strike(random: () => number): Promise<void> {
    if (random() < 0.5) {
      counts.cuts += 1
      pick(random, tabs).cut()
      return
    }
    counts.drops += 1
    await pick(random, [...alive])
      .dropStreams()
      .catch(() => 0)
  }
  const maybeStrike = (random: () => number) =>
    random() < 0.25 ? strike(random) : Promise.resolve()

  /** A flow whose asking node was killed stops where it is; its question is the reaper's. */
  async function flow(index: number): Promise<void> {
    const random = seededRandom(SEED + 7_919 * index)
    const sessionId = pick(random, SESSIONS)
    const asker = pick(random, [...alive])
    const label = `kill flow ${index} on ${asker.id}`
    const unlessKilled = (error: Error) => {
      if (alive.has(asker)) throw error
    }
    const cut = () => {
      counts.victimCut += 1
    }
    await maybeStrike(random)
    counts.started += 1
    wakeKiller()
    const asked = now()
    if (survivors.has(asker)) counts.survivorAsks += 1
    const record = await asker.ask(sessionId, `kill-flow-${index}`).catch(unlessKilled)
    if (!record) return cut()
    const { rpcId } = record
    if (rpcId === null) throw new Error(`${label}: not registered`)
    askedAt.set(rpcId, asked)
    const shown = await shownIn(tabs, sessionId, record.callId, label).catch(unlessKilled)
    if (!shown || !alive.has(asker)) return cut()
    await maybeStrike(random)
    const kind = random() < 0.1 ? 'cancel' : 'answer'
    const sent = response(rpcId, sessionId, kind, `${label} ${shown.tab.name}`)
    const receipt = await respond(pick(random, [...alive]), sent, () => [...alive])
    if (receipt.retries > 0) counts.respondRetried += 1
    if (!receipt.accepted) {
      // Reaped before the answer came: only a question of the dead node may be.
      if (alive.has(asker)) failures.push(`${label}: refused ${JSON.stringify(receipt.json)}`)
      return cut()
    }
    if (receipt.retries > 0) counts.respondRetriedAccepted += 1
    expected.set(rpcId, sent)
    const status = await asker.status(record.askId, 15_000).catch(unlessKilled)
    if (!status) {
      counts.victimAnsweredAgentKilled += 1
      return
    }
    const settledOnce = sent.answer
      ? status.status === 'answered' && isDeepStrictEqual(status.answer, sent.answer)
      : status.status === 'rejected' && status.code === 'ASK_CANCELLED'
    if (!settledOnce) failures.push(`${label}: ${JSON.stringify(status)}`)
    else if (survivors.has(asker)) counts.survivorSettledOnce += 1
    else counts.victimSettledBeforeKill += 1
    const marker = pick(random, [...alive])
    const mark = { node: marker.id, type: `test/settled-${index}` }
    await marker.broadcast(sessionId, mark.type).then(
      () => marks.set(rpcId, mark),
      () => {},
    )
    const late = await retiredEverywhere(tabs, rpcId)
    if (late.length > 0) failures.push(`${label}: still shown in ${late.join(', ')}`)
  }

  /** Once a third of the flows started: strands questions on the victim, then kills it. */
  async function killer(): Promise<void> {
    await new Promise<void>((resolve) => {
      wakeKiller = () => {
        if (counts.started >= Math.floor(sizes.flows / 3)) resolve()
      }
    })
    const sessionOf = (index: number) => SESSIONS[index % SESSIONS.length] ?? ''
    for (let index = 0; index < sizes.stranded; index++) {
      const asked = now()
      const record = await victim.ask(sessionOf(index), `stranded-${index}`)
      if (record.rpcId === null) throw new Error('a stranded ask was not registered')
      askedAt.set(record.rpcId, asked)
      stranded.push(record.rpcId)
    }
    // Every tab shows the stranded questions: their retirement is what the user sees.
    const showsThem = (tab: ClusterTab) =>
      stranded.every((id, index) => !tab.sees(sessionOf(index)) || tab.view.has(id))
    await Promise.all(
      tabs.map((tab) => tab.until(() => showsThem(tab), 'the stranded questions', 15_000)),
    )
    alive.delete(victim)
    killedAt = now()
    victimExit = await victim.kill()
    await untilNonePending(cluster.admin, 30_000, victim.id)
    reapMs = now() - killedAt
  }

  try {
    await Promise.all([
      killer().catch((error: Error) => failures.push(`killer: ${error.message}`)),
      runLanes(sizes.flows, flow, failures),
    ])
    // The reaper retires what the dead node left; then every tab is past every frame.
    await untilNonePending(cluster.admin, 30_000).catch((error: Error) =>
      failures.push(error.message),
    )
    const up = [...alive]
    await sync(
      tabs,
      up.map((node) => node.id),
      broadcastThrough(up, SESSIONS),
    )
    const rows = await questionRows(cluster.admin)
    const verdict = checkTabs(tabs, rows, askedAt, marks)
    const gone = rows.filter((row) => row.state === 'aborted' && row.reason === 'server-gone')
    const retirement = retirementsAfter(tabs, gone, killedAt)
    const lostAnswers = [...expected].filter(([rpcId, sent]) => {
      const row = rows.find((candidate) => candidate.rpcId === rpcId)
      return (
        row?.state !== (sent.answer ? 'answered' : 'cancelled') ||
        !isDeepStrictEqual(row.answer, sent.answer)
      )
    })
    const strandedRetired = stranded.filter((id) => gone.some((row) => row.rpcId === id))
    const maxRetireMs = maxOf(retirement.ms)
    const figures: [string, number | string][] = [
      ['flows', sizes.flows],
      [
        'asks on the surviving nodes settled exactly once, with the accepted response',
        `${counts.survivorSettledOnce}/${counts.survivorAsks}`,
      ],
      ['asks on the killed node settled before the kill', counts.victimSettledBeforeKill],
      ['flows on the killed node cut by the kill', counts.victimCut],
      [
        "answers accepted for the killed node's agents as it died",
        counts.victimAnsweredAgentKilled,
      ],
      ['questions stranded on the killed node (shown in every tab)', sizes.stranded],
      [
        'questions of the killed node retired as server-gone (stranded ones)',
        `${gone.length} (${strandedRetired.length}/${stranded.length})`,
      ],
      [
        'retired on every tab that showed them',
        `${retirement.ms.length}/${retirement.ms.length + retirement.missed.length}`,
      ],
      [
        'retired by question/resolved (aborted, server-gone) / by a replay without it',
        `${retirement.by.resolved} / ${retirement.by.replay}`,
      ],
      ['max time from kill -9 to retired on a tab', `${(maxRetireMs / 1_000).toFixed(2)} s`],
      [
        'time from kill -9 to none of its questions pending in the table',
        `${(reapMs / 1_000).toFixed(2)} s`,
      ],
      [
        'questions of surviving nodes ended server-gone',
        gone.filter((row) => row.owner !== victim.id).length,
      ],
      [
        'responses retried through another node after a failed connection (accepted)',
        `${counts.respondRetried} (${counts.respondRetriedAccepted})`,
      ],
      ['lost answers (accepted, not stored as accepted)', lostAnswers.length],
      ['tab sockets cut / node stream drops', `${counts.cuts} / ${counts.drops}`],
      ...tabFigures(verdict),
      ['killed node exited with', String(victimExit)],
      ['duration', `${((now() - startedAt) / 1_000).toFixed(1)} s`],
    ]
    return {
      failures,
      figures,
      maxRetireMs,
      checks: {
        victimExit,
        survivorsSettledOnce: counts.survivorSettledOnce === counts.survivorAsks,
        strandedRetired,
        notRetired: retirement.missed,
        goneOfSurvivors: gone.filter((row) => row.owner !== victim.id).map((row) => row.rpcId),
        lostAnswers: lostAnswers.map(([rpcId]) => rpcId),
        ...tabChecks(verdict),
      },
      stranded,
      exercised: {
        survivorAsks: counts.survivorAsks,
        retirements: retirement.ms.length,
        covered: verdict.covered,
      },
    }
  } finally {
    for (const tab of tabs) tab.stop()
    await Promise.all(spawned.map((node: ChildNode) => node.kill()))
  }
}

function missing(what: string): never {
  throw new Error(`${what} is missing`)
}

/** When each tab that showed a retired question saw it go, after `since`. */
function retirementsAfter(
  tabs: readonly ClusterTab[],
  rows: readonly { rpcId: string; sessionId: string }[],
  since: number,
) {
  const ms: number[] = []
  const by = { resolved: 0, replay: 0 }
  const missed: string[] = []
  for (const row of rows)
    for (const tab of tabs.filter((candidate) => candidate.sees(row.sessionId))) {
      if (!tab.shownAt.has(row.rpcId)) continue
      const retired = tab.retired.get(row.rpcId)
      if (!retired || tab.view.has(row.rpcId) || retired.at < since)
        missed.push(`${tab.name}: ${row.rpcId}`)
      else {
        ms.push(retired.at - since)
        by[retired.by] += 1
      }
    }
  return { ms, by, missed }
}
