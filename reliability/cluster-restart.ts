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
  SESSIONS,
} from './cluster-flows.ts'
import { checkTabs, questionRows, tabChecks } from './cluster-ledger.ts'
import type { AskRecord } from './cluster-node.ts'
import {
  among,
  type BootedNode,
  bootNode,
  broadcastThrough,
  type ChildNode,
} from './cluster-nodes.ts'
import { type ClusterTab, sync } from './cluster-tabs.ts'
import { SEED, seededRandom } from './scale.ts'

/** One durable question across a restart: asked before it, re-asked (same resumeKey) after it. */
interface Durable {
  key: string
  sessionId: string
  rpcId: string
  askedAt: number
  first: AskRecord
  firstNode: ChildNode
  /** Answered while no agent waited (before the re-ask). */
  early: boolean
  sent?: Response
  answeredAt?: number
  again?: AskRecord
}

export type Signal = 'SIGKILL' | 'SIGTERM'

/**
 * Part 3: three node processes, then a SIGKILL of all three, then a SIGTERM
 * of all three, each followed by three new nodes (booted beforehand, so the
 * restart is their join). `questions` durable questions cross each restart.
 */
export async function runRestarts(
  cluster: TestCluster,
  sizes: { questions: number; liveness: Liveness },
) {
  const liveness: Liveness = { ...sizes.liveness, reattachGraceMs: 120_000 }
  const alive = new Set<ChildNode>()
  const booted: BootedNode[] = []
  const tabs = openTabs(among(alive))
  const asked: Durable[] = []
  const figures: [string, number | string][] = []

  async function boot(generation: string): Promise<BootedNode[]> {
    const ids = [1, 2, 3].map((n) => `restart-${generation}${n}`)
    const nodes = await Promise.all(
      ids.map((id) => bootNode({ url: cluster.url, id, channel: 'parley_restart', liveness })),
    )
    booted.push(...nodes)
    return nodes
  }

  async function join(nodes: readonly BootedNode[]): Promise<ChildNode[]> {
    const joined = await Promise.all(nodes.map((node) => node.join()))
    for (const node of joined) alive.add(node)
    return joined
  }

  /** Asks durable questions on `before`, takes every node down, brings `next` up, re-asks, answers. */
  async function restart(
    signal: Signal,
    before: readonly ChildNode[],
    next: Promise<BootedNode[]>,
  ) {
    const startedAt = now()
    const random = seededRandom(SEED + (signal === 'SIGKILL' ? 31 : 37))
    // The resumeKey is the tool call's id: a replayed call asks with the same one.
    const plan = Array.from({ length: sizes.questions }, (_, index) => ({
      key: `call-${signal}-${index}`,
      sessionId: SESSIONS[index % SESSIONS.length] ?? '',
      firstNode: pick(random, before),
    }))
    const questions: Durable[] = await Promise.all(
      plan.map(async ({ key, sessionId, firstNode }) => {
        const askedAt = now()
        const first = await firstNode.ask(sessionId, key, key)
        if (first.rpcId === null || first.how !== 'created')
          throw new Error(`${key}: ${JSON.stringify(first)}`)
        return { key, sessionId, rpcId: first.rpcId, askedAt, first, firstNode, early: false }
      }),
    )
    asked.push(...questions)
    const showsAll = (tab: ClusterTab) =>
      questions.every((q) => !tab.sees(q.sessionId) || tab.view.has(q.rpcId))
    await Promise.all(tabs.map((tab) => tab.until(() => showsAll(tab), 'every question', 15_000)))

    const replacements = await next
    for (const node of before) alive.delete(node)
    const exits = await Promise.all(
      before.map((node) => (signal === 'SIGKILL' ? node.kill() : node.stop())),
    )
    const downAt = now()
    const after = await join(replacements)
    const upMs = now() - downAt
    // The old agents' endings, as each heard it (printed by a node SIGTERM stopped).
    const endings = questions.map((q) =>
      q.firstNode.records().find((record) => record.askId === q.first.askId),
    )
    await Promise.all(
      tabs.map((tab) =>
        tab.until(() => tab.live && showsAll(tab), 'the replay after the restart', 15_000),
      ),
    )

    // A quarter is answered while no agent waits; then every agent asks again; a tab answers the rest.
    const answer = async (q: Durable, label: string) => {
      q.sent = response(q.rpcId, q.sessionId, 'answer', label)
      q.answeredAt = now()
      const receipt = await respond(pick(random, after), q.sent, () => after)
      if (!receipt.accepted) throw new Error(`${q.key}: ${JSON.stringify(receipt.json)}`)
    }
    for (const q of questions) q.early = random() < 0.25
    const early = questions.filter((q) => q.early)
    await Promise.all(early.map((q) => answer(q, `${q.key} answered while no agent waited`)))
    const againOn = questions.map(() => pick(random, after))
    await Promise.all(
      questions.map(async (q, index) => {
        const node = againOn[index]
        if (node) q.again = await node.ask(q.sessionId, q.key, q.key)
      }),
    )
    await Promise.all(
      questions
        .filter((q) => !q.early)
        .map((q) => {
          const tab = tabs.find((candidate) => candidate.view.has(q.rpcId))
          if (!tab) throw new Error(`${q.key}: no tab shows it`)
          return answer(q, `${q.key} from ${tab.name}`)
        }),
    )
    const statuses = await Promise.all(
      questions.map((q, index) =>
        q.again ? againOn[index]?.status(q.again.askId, 15_000) : undefined,
      ),
    )
    const late = (await Promise.all(questions.map((q) => retiredEverywhere(tabs, q.rpcId)))).flat()
    await sync(
      tabs,
      after.map((node) => node.id),
      broadcastThrough(after, SESSIONS),
    )

    const rows = await questionRows(cluster.admin)
    const verdict = checkTabs(tabs, rows, new Map(questions.map((q) => [q.rpcId, q.askedAt])))
    const mine = (rpcId: string) => questions.find((q) => q.rpcId === rpcId)
    const attached = questions.filter(
      (q) => !q.early && q.again?.how === 'attached' && q.again.rpcId === q.rpcId,
    )
    const deliveredAtOnce = early.filter((q) => q.again?.how === 'settled')
    const resolvedOnce = questions.filter((q, index) => {
      const status = statuses[index]
      return status?.status === 'answered' && isDeepStrictEqual(status.answer, q.sent?.answer)
    })
    const toldGone = endings.filter(
      (ending) =>
        ending?.status === 'rejected' &&
        ending.code === 'ASK_ABORTED' &&
        ending.cause === 'server-gone',
    )
    const answeredOld = endings.filter((ending) => ending?.status === 'answered')
    const retiredEarly = tabs.flatMap((tab) =>
      tab.retirements
        .filter((retired) => {
          const q = mine(retired.rpcId)
          return q !== undefined && (q.answeredAt === undefined || retired.at < q.answeredAt)
        })
        .map((retired) => `${tab.name}: ${retired.rpcId} (${retired.by})`),
    )
    const badRows = rows.filter((row) => {
      const q = mine(row.rpcId)
      return (
        q !== undefined &&
        (row.state !== 'answered' ||
          !row.delivered ||
          !isDeepStrictEqual(row.answer, q.sent?.answer))
      )
    })
    figures.push(
      [`${signal}: durable questions pending across the restart`, questions.length],
      [`${signal}: exits of the old nodes`, exits.join(', ')],
      [
        `${signal}: old agents told ASK_ABORTED (server-gone) / answered`,
        signal === 'SIGTERM'
          ? `${toldGone.length}/${questions.length} / ${answeredOld.length}`
          : 'killed with their processes',
      ],
      [`${signal}: every node down → three new nodes joined`, `${(upMs / 1_000).toFixed(2)} s`],
      [
        `${signal}: re-asks attached to the question they asked (same rpcId)`,
        `${attached.length}/${questions.length - early.length}`,
      ],
      [
        `${signal}: answered while no agent waited, delivered at once to the re-ask`,
        `${deliveredAtOnce.length}/${early.length}`,
      ],
      [
        `${signal}: re-attached asks resolved with the accepted answer`,
        `${resolvedOnce.length}/${questions.length}`,
      ],
      [`${signal}: questions in the table (no second question)`, `${rows.length}/${asked.length}`],
      [
        `${signal}: rpcIds shown that the table does not hold (second cards)`,
        verdict.unknown.length,
      ],
      [`${signal}: questions a tab lost before they were answered`, retiredEarly.length],
      [`${signal}: duplicated question/requested on one connection`, verdict.duplicates],
      [`${signal}: stored answers not the accepted one, or undelivered`, badRows.length],
      [`${signal}: duration`, `${((now() - startedAt) / 1_000).toFixed(1)} s`],
    )
    return {
      signal,
      after,
      checks: {
        exits,
        reasked: attached.length + deliveredAtOnce.length,
        resolvedOnce: resolvedOnce.length,
        toldGone: signal === 'SIGTERM' ? toldGone.length : questions.length,
        answeredOld: answeredOld.length,
        rows: rows.length,
        retiredEarly,
        badRows: badRows.map((row) => row.rpcId),
        late,
        ...tabChecks(verdict),
      },
      /** How many questions crossed the restart, and how many rows the table should hold. */
      questions: questions.length,
      rows: asked.length,
      exercised: {
        early: early.length,
        tabsOnNewNodes: tabs.filter((tab) =>
          tab.connections.some((connection) => after.some((node) => node.id === connection.node)),
        ).length,
      },
    }
  }

  try {
    const first = await join(await boot('a'))
    const killed = await restart('SIGKILL', first, boot('b'))
    const stopped = await restart('SIGTERM', killed.after, boot('c'))
    return { figures, restarts: [killed, stopped], tabs: tabs.length }
  } finally {
    for (const tab of tabs) tab.stop()
    await Promise.all(booted.map((node) => node.kill()))
  }
}
