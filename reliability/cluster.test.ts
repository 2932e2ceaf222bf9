import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCluster, type TestCluster } from '../packages/host-postgres/test/cluster.ts'
import { runDropFlows } from './cluster-drops.ts'
import { LANES, TAB_COUNT } from './cluster-flows.ts'
import { runKillFlows } from './cluster-kill.ts'
import { brokenChecks, CLEAN_TABS } from './cluster-ledger.ts'
import { runRestarts } from './cluster-restart.ts'
import { runTrust } from './cluster-trust.ts'
import { recordPart, writeResults } from './report.ts'
import { FULL, SIZES } from './scale.ts'

const SIZE = SIZES.cluster
const { heartbeatMs, deadAfterMs } = SIZE.liveness

// One throwaway PostgreSQL for the three parts; each part starts from empty tables.
let cluster: TestCluster
beforeAll(async () => {
  cluster = await startCluster()
}, 60_000)
afterAll(async () => {
  await cluster?.close()
  writeResults()
})

describe('a cluster of three nodes on PostgreSQL', () => {
  it(
    `settles each of ${SIZE.flows} flows across three nodes exactly once while sockets drop at random`,
    async () => {
      const run = await runDropFlows(cluster, SIZE.flows)
      const wanted = {
        settledOnce: SIZE.flows,
        rows: SIZE.flows,
        pendingRows: 0,
        disagreeing: [],
        awaitedOnNodes: 0,
        errors: [],
        retriesAccepted: run.exercised.retries,
        ...CLEAN_TABS,
      }
      recordPart({
        id: '7a-cluster-flows',
        title: 'Cluster: flows across three nodes',
        expectation: `Three \`@parley/host\` nodes in one process, each with its own pool and \`@parley/host-postgres\` coordinator on a throwaway PostgreSQL, and ${TAB_COUNT} tabs of one principal on real WebSockets (\`ws\`), each on a node picked at random at every reconnect, some naming one or two of three sessions, some all. ${LANES} lanes of flows at once: an agent asks on a random node, the first tab that shows the question answers it (one in ten cancels) through a random node, sometimes another tab races it through another node, sometimes the winning response is retried (the same \`responseId\`); meanwhile a node drops all its streams, or a tab's socket is cut or closed, at random points of every flow. Every ask must settle once, with the accepted response; exactly one response per question accepted, a retried one accepted again; every tab must retire every question; on every connection no question twice and none after its \`question/resolved\`; every \`question/resolved\` must carry the table's outcome; a connection live from before a question was asked until it was past the question (open at the end, or it got a marker another node broadcast once the ask settled) must have its \`question/resolved\`; at the end no question pending, each answer stored as accepted and delivered.`,
        figures: run.figures,
        failures: run.failures.length + brokenChecks(run.checks, wanted),
      })
      expect(run.failures.slice(0, 5)).toEqual([])
      expect(run.checks).toEqual(wanted)
      // No 0/0: drops happened, tabs reconnected and replayed, the lost check covered pairs.
      expect(run.exercised.drops).toBeGreaterThan(SIZE.flows / 4)
      expect(run.exercised.connections).toBeGreaterThan(TAB_COUNT * 5)
      expect(run.exercised.covered).toBeGreaterThan(SIZE.flows / 4)
      expect(run.exercised.acrossNodes).toBeGreaterThan(SIZE.flows / 3)
      expect(run.exercised.races).toBeGreaterThan(0)
      expect(run.exercised.retries).toBeGreaterThan(0)
    },
    FULL ? 600_000 : 120_000,
  )
})

describe('a node killed with kill -9 during the flows', () => {
  it(
    `settles every ask on the surviving nodes exactly once and retires every question of the dead node on every tab within 15 s, during ${SIZE.killFlows} flows`,
    async () => {
      await cluster.reset()
      const run = await runKillFlows(cluster, {
        flows: SIZE.killFlows,
        stranded: SIZE.stranded,
        liveness: SIZE.liveness,
      })
      const wanted = {
        victimExit: 'SIGKILL',
        survivorsSettledOnce: true,
        strandedRetired: run.stranded,
        notRetired: [],
        goneOfSurvivors: [],
        lostAnswers: [],
        ...CLEAN_TABS,
      }
      recordPart({
        id: '7b-cluster-kill',
        title: 'Cluster: kill -9 of one node during the flows',
        expectation: `Three nodes in their own processes (\`reliability/cluster-node.ts\`, each with its own pool and coordinator; heartbeat every ${heartbeatMs} ms, dead after ${deadAfterMs} ms), the agents asking inside them through a small control API, and ${TAB_COUNT} tabs on real WebSockets, each on a node picked at random at every reconnect. ${LANES} lanes of flows (ask on a random node, the first tab that shows it answers through a random node, one in ten cancels; tab sockets cut and node streams dropped at random); once a third of the flows started, ${SIZE.stranded} more questions are asked on one node and shown in every tab, and that node gets SIGKILL. A response whose connection failed is retried through another node with the same responseId. Every ask on the surviving nodes must settle exactly once with the accepted response; every question of the dead node still pending must be retired on every tab that showed it within 15 s of the kill (its \`question/resolved\` carrying \`aborted\` and \`server-gone\`, or a replay without it); no question of a surviving node may end \`server-gone\`; no accepted answer lost; on every connection no question twice and none after its \`question/resolved\`.`,
        figures: run.figures,
        failures:
          run.failures.length +
          brokenChecks(run.checks, wanted) +
          (run.maxRetireMs > 15_000 ? 1 : 0),
      })
      expect(run.failures.slice(0, 5)).toEqual([])
      expect(run.checks).toEqual(wanted)
      expect(run.maxRetireMs).toBeLessThanOrEqual(15_000)
      // No 0/0: every tab showed the stranded questions and saw them go; flows ran on the survivors.
      expect(run.exercised.retirements).toBeGreaterThanOrEqual(SIZE.stranded * 5)
      expect(run.exercised.survivorAsks).toBeGreaterThan(SIZE.killFlows / 2)
      expect(run.exercised.covered).toBeGreaterThan(0)
    },
    FULL ? 600_000 : 120_000,
  )
})

describe('a restart of every node', () => {
  it(
    'keeps every pending question answerable by a re-attached agent, after a SIGKILL and after a SIGTERM of every node',
    async () => {
      await cluster.reset()
      const run = await runRestarts(cluster, {
        questions: SIZE.restartQuestions,
        liveness: SIZE.liveness,
      })
      const wanted = run.restarts.map((restart) => ({
        exits: restart.signal === 'SIGKILL' ? ['SIGKILL', 'SIGKILL', 'SIGKILL'] : [0, 0, 0],
        reasked: restart.questions,
        resolvedOnce: restart.questions,
        toldGone: restart.questions,
        answeredOld: 0,
        rows: restart.rows,
        retiredEarly: [],
        badRows: [],
        late: [],
        ...CLEAN_TABS,
      }))
      recordPart({
        id: '7c-cluster-restart',
        title: 'Cluster: a restart of every node',
        expectation: `Three nodes in their own processes (re-attach grace 120 s), ${SIZE.restartQuestions} questions asked on them with a \`resumeKey\` (the tool call's id) and shown in ${TAB_COUNT} tabs on real WebSockets; then every node goes at once by SIGKILL and three new nodes join (booted beforehand, so the restart is their join); then the same again with SIGTERM (\`host.close()\`). A quarter of the questions is answered by a tab while no agent waits; then every agent asks again with the same \`resumeKey\` on a random new node, and a tab answers the rest. Every re-ask must attach to the question it asked before (the same rpcId, no second card in any tab), or get the answer given meanwhile at once; every re-attached ask must resolve with the accepted answer (after SIGTERM the old agents are told \`ASK_ABORTED\`, \`server-gone\`, and none gets an answer); no tab may lose a question before it is answered; on every connection no question twice; each answer stored and delivered.`,
        figures: run.figures,
        failures: run.restarts.reduce(
          (sum, restart, index) => sum + brokenChecks(restart.checks, wanted[index] ?? {}),
          0,
        ),
      })
      expect(run.restarts.map((restart) => restart.checks)).toEqual(wanted)
      // No 0/0: some were answered while no agent waited; every tab crossed to the new nodes.
      for (const restart of run.restarts) {
        expect(restart.exercised.early).toBeGreaterThan(0)
        expect(restart.exercised.tabsOnNewNodes).toBe(run.tabs)
      }
    },
    FULL ? 300_000 : 120_000,
  )
})

describe('a role that can connect but holds no secret', () => {
  it(
    'settles nothing with forged, foreign-signed, replayed or edited doorbells, hears no question text, and a node with another secret refuses to join',
    async () => {
      await cluster.reset()
      const run = await runTrust(cluster, SIZE.trustQuestions)
      const wanted = {
        settledByForgeries: 0,
        rowsMovedByForgeries: 0,
        textHeard: 0,
        notDropped: 0,
        answeredAfter: SIZE.trustQuestions,
        mismatch: 'SECRET_MISMATCH',
        fingerprintChanged: false,
        answeredAfterMismatch: 1,
      }
      recordPart({
        id: '7d-cluster-trust',
        title: 'Cluster: a role without the secret, and a node with another one',
        expectation: `Three nodes in one process on a throwaway PostgreSQL, and a role that may connect and nothing more (no grant on any table) listening on their channel. ${SIZE.trustQuestions} plain questions are asked on one node; for each the role sends the answer doorbell that once settled an ask (unsigned, the answer inside), the same signed with a key derived from another secret, and every doorbell it heard replayed verbatim and with its body edited under the kept signature. No ask may settle and no row may leave \`pending\` before a real answer; every node must drop every forgery (counted in \`stats.dropped\`); no doorbell may carry question text; then every question, answered through the three nodes in turn, must be accepted and reach its agent. A node with another \`secret\` must refuse to join with \`SECRET_MISMATCH\`, leave the stored fingerprint alone, and the cluster must still settle the next question.`,
        figures: run.figures,
        failures: brokenChecks(run.checks, wanted),
      })
      expect(run.checks).toEqual(wanted)
    },
    FULL ? 300_000 : 120_000,
  )
})
