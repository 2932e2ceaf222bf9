import { isDeepStrictEqual } from 'node:util'
import { answerBody, post, VALID_ANSWER } from '../packages/host/test/helpers.ts'
import { deriveKeys, nonce, sign } from '../packages/host-postgres/src/keys.ts'
import {
  intruder,
  type TestCluster,
  type TestNode,
} from '../packages/host-postgres/test/cluster.ts'
import { questionRows } from './cluster-ledger.ts'

/** What the trust part measured: forged doorbells, what they settled, and a node with another secret. */
export interface TrustRun {
  checks: {
    /** Asks that settled before any real answer was POSTed. */
    settledByForgeries: number
    /** Rows no longer pending before any real answer was POSTed. */
    rowsMovedByForgeries: number
    /** Doorbells the intruder heard that carried question text. */
    textHeard: number
    /** Forged doorbells some node did not drop. */
    notDropped: number
    /** Real answers accepted, and asks resolved with them, afterwards. */
    answeredAfter: number
    /** The error code a node with another secret got when it joined. */
    mismatch: string
    /** The stored fingerprint changed by that attempt. */
    fingerprintChanged: boolean
    /** Asks that still settled after that attempt. */
    answeredAfterMismatch: number
  }
  figures: [string, number | string][]
}

/** Every kind of doorbell a role without the secret can send for the questions it heard of. */
function forgeries(rpcIds: string[], heard: string[]): string[] {
  const foreign = deriveKeys('a secret that is not the cluster’s')
  const forged: string[] = []
  for (const id of rpcIds) {
    const answer = { t: 'r', id, s: 's1', o: 'answered', n: 'b', a: VALID_ANSWER }
    forged.push(JSON.stringify(answer))
    forged.push(sign(foreign, JSON.stringify({ ...answer, k: nonce(), at: Date.now() })))
  }
  for (const payload of heard) {
    forged.push(payload)
    forged.push(payload.replace('"t":"q"', '"t":"r","o":"answered"'))
  }
  return forged
}

const fingerprint = async (cluster: TestCluster) =>
  (await cluster.admin.query('SELECT secret_fingerprint FROM parley_cluster')).rows[0]
    ?.secret_fingerprint as unknown

/**
 * Three nodes; an unprivileged role hears `questions` plain questions being
 * asked and forges doorbells for them (unsigned, signed with another secret,
 * replayed, edited); then real answers POSTed to random nodes; then a node
 * with another secret tries to join.
 */
export async function runTrust(cluster: TestCluster, questions: number): Promise<TrustRun> {
  const nodes: TestNode[] = [
    await cluster.start('a'),
    await cluster.start('b'),
    await cluster.start('c'),
  ]
  const { client, heard } = await intruder(cluster)
  try {
    const asker = nodes[0] as TestNode
    let settled = 0
    const asks = Array.from({ length: questions }, () =>
      asker.ask('s1').finally(() => {
        settled += 1
      }),
    )
    const rpcIds = await Promise.all(asks.map((_, index) => asker.registeredId(index)))
    await until(() => heard.length >= questions, 10_000)
    const before = nodes.map((node) => node.coordinator.stats.dropped)
    const genuine = heard.slice()
    const forged = forgeries(rpcIds, genuine)
    for (const payload of forged)
      await client.query('SELECT pg_notify($1, $2)', [cluster.channel, payload])
    // Each node counts what it drops as it hears it: once all are counted, every one was judged.
    const judged = () =>
      nodes.every(
        (node, index) => node.coordinator.stats.dropped - (before[index] ?? 0) >= forged.length,
      )
    await until(judged, 10_000)
    const droppedBy = nodes.map(
      (node, index) => node.coordinator.stats.dropped - (before[index] ?? 0),
    )
    const settledByForgeries = settled
    const rowsMovedByForgeries = (await questionRows(cluster.admin)).filter(
      (row) => row.state !== 'pending',
    ).length

    // Registration order is not the order of `asks`: answer every question, then count the asks.
    const refusals: string[] = []
    for (const [index, rpcId] of rpcIds.entries()) {
      const via = nodes[index % nodes.length] as TestNode
      const { json } = await post(via.base, answerBody(rpcId, 's1'))
      if (json.accepted !== true) refusals.push(JSON.stringify(json))
    }
    const answers = await Promise.all(asks.map((ask) => settledWithin(ask, 10_000)))
    const answeredAfter =
      refusals.length === 0
        ? answers.filter((answer) => isDeepStrictEqual(answer, VALID_ANSWER)).length
        : 0

    const stored = await fingerprint(cluster)
    const mismatch = await cluster.start('z', { secret: 'another secret' }).then(
      () => 'joined',
      (error: unknown) => String(Reflect.get(Object(error), 'code') ?? error),
    )
    const fingerprintChanged = (await fingerprint(cluster)) !== stored
    const late = asker.ask('s1')
    const lateId = await asker.registeredId(questions)
    const lateReply = await post((nodes[1] as TestNode).base, answerBody(lateId, 's1'))
    const answeredAfterMismatch =
      lateReply.json.accepted === true &&
      isDeepStrictEqual(await settledWithin(late, 10_000), VALID_ANSWER)
        ? 1
        : 0

    const textHeard = heard.filter((payload) =>
      /Which color|Which extras|Anything else/.test(payload),
    )
    const checks = {
      settledByForgeries,
      rowsMovedByForgeries,
      textHeard: textHeard.length,
      notDropped: droppedBy.filter((count) => count < forged.length).length,
      answeredAfter,
      mismatch,
      fingerprintChanged,
      answeredAfterMismatch,
    }
    const figures: [string, number | string][] = [
      ['plain questions asked', questions],
      ['genuine doorbells the intruder heard before forging', genuine.length],
      ['forged doorbells sent', forged.length],
      ['dropped per node (fewest)', Math.min(...droppedBy)],
      ['asks settled by forgeries', settledByForgeries],
      ['rows moved by forgeries', rowsMovedByForgeries],
      ['doorbells with question text', textHeard.length],
      ['real answers accepted afterwards', answeredAfter],
      ['node with another secret', mismatch],
      ['real answers refused', refusals.length ? refusals.slice(0, 3).join('; ') : 0],
    ]
    return { checks, figures }
  } finally {
    await client.end()
  }
}

/** What `promise` resolves to, or undefined if it rejects or takes longer than `ms`. */
function settledWithin(promise: Promise<unknown> | undefined, ms: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise((resolve) => {
    timer = setTimeout(resolve, ms)
  })
  return Promise.race([promise?.catch(() => undefined), late]).finally(() => clearTimeout(timer))
}

/** Resolves true once `test()` holds (checked every 10 ms), or false after `ms`. */
function until(test: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      const held = test()
      if (!held && Date.now() < deadline) return
      clearInterval(poll)
      resolve(held)
    }, 10)
  })
}
