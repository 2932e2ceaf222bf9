import { readFileSync } from 'node:fs'
import { spawnDemo } from '../child-demo.ts'
import { principal } from '../demo.ts'
import { FULL } from '../scale.ts'
import { issueFloodBody } from './cases.ts'
import { freePort, politely } from './kit.ts'
import { type Answer, call, type Hostile } from './support.ts'

/** Overlapping alternations under one star: exponential for a backtracking engine. */
const HOSTILE_PATTERNS = ['^(\\w|\\w)*$', '^(?:a|a)*$', '^([a-z]|[a-z0-9])*$']

/** Milliseconds `send` takes to get its reply. */
async function timed<T>(send: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now()
  const reply = await send()
  return [reply, Math.round(performance.now() - started)]
}

/** Contract 14: an answer to a hostile pattern is refused at once; a bystander does not wait. */
export async function patternsInLinearTime({ demo, ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  const asker = await principal(demo.base)
  const bystander = await principal(demo.base)
  const session = await asker.newSession()
  const length = FULL ? 4_000 : 30
  const text = `${'a'.repeat(length - 1)}!`
  for (const pattern of HOSTILE_PATTERNS) {
    const questions = [{ id: 'word', question: 'One word?', input: { pattern } }]
    const { rpcId } = await asker.ask(session, { questions })
    const answer = { answers: [{ id: 'word', selected: [], custom: text }] }
    const posting = timed(() =>
      asker.request('/api/respond', {
        json: { rpcId, sessionId: session, result: { ok: true, answer } },
      }),
    )
    const [, bystanderMs] = await timed(() => bystander.request('/api/sessions'))
    const [reply, replyMs] = await posting
    const rules = (reply.body?.issues ?? []).map((issue: { rule: string }) => issue.rule)
    ledger.figure(
      `pattern ${pattern}, ${length}-char answer: reply / bystander (ms)`,
      `${replyMs} / ${bystanderMs}`,
    )
    v.hold(
      `pattern ${pattern}: the ${length}-character answer is refused with pattern-mismatch`,
      reply.body?.reason === 'bad-response' && rules.includes('pattern-mismatch'),
      reply.body,
    )
    v.hold(`pattern ${pattern}: a bystander is answered within 1 s`, bystanderMs <= 1_000, {
      bystanderMs,
    })
  }
  await demo.assertAlive()
  v.settle()
}

/** Resident and peak resident memory of process `pid`, in bytes (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1])
  return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 }
}

/**
 * Contract 15: a burst of large bodies built for thousands of issues grows
 * the host's memory by at most 16× the bytes sent, and a bystander is
 * answered within 1 s. The host is its own process, so its memory is its own.
 */
export async function validationBurst({ ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  const child = await spawnDemo(await freePort(), 30_000, { testApi: true })
  try {
    const pid = child.child.pid as number
    const asker = await principal(child.base)
    const bystander = await principal(child.base)
    const session = await asker.newSession()
    const { rpcId } = await asker.ask(session)
    const body = issueFloodBody(rpcId, session, 262_000)
    const bodies = 30
    const seen = { limited: 0 }
    const send = () =>
      politely(
        () =>
          call(child.base, '/api/respond', {
            cookie: asker.cookie,
            body,
            headers: { 'content-type': 'application/json' },
          }),
        seen,
      )
    // One first, so the routes are compiled and warm before the measured burst.
    await send()
    const before = memoryOf(pid)
    let settled = 0
    const burst = Array.from({ length: bodies }, () =>
      send().then((reply: Answer) => {
        settled += 1
        return reply
      }),
    )
    const [, bystanderMs] = await timed(() => bystander.request('/api/sessions'))
    const inFlight = bodies - settled
    const replies = await Promise.all(burst)
    const after = memoryOf(pid)
    const sent = Buffer.byteLength(body) * bodies
    const growth = Math.max(0, after.peak - before.rss)
    const ratio = Math.round((growth / sent) * 100) / 100
    const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
    ledger.figure('validation burst: bodies × bytes', `${bodies} × ${Buffer.byteLength(body)}`)
    ledger.figure(
      'validation burst: host rss before / peak after (MiB)',
      `${mib(before.rss)} / ${mib(after.peak)}`,
    )
    ledger.figure('validation burst: memory growth / bytes sent', ratio)
    ledger.figure('validation burst: bystander answered after (ms)', bystanderMs)
    ledger.figure('validation burst: bodies still in flight then', inFlight)
    ledger.figure('validation burst: 429s waited out', seen.limited)
    v.hold(
      'every body of the burst gets a bounded bad-response',
      replies.map(
        (reply) =>
          reply.body?.reason === 'bad-response' &&
          reply.body.issues?.length === 20 &&
          reply.body.omittedIssues === 1,
      ),
    )
    v.hold('the host grows by at most 16× the bytes of the burst', ratio <= 16, {
      before,
      after,
      sent,
    })
    v.hold('a bystander is answered within 1 s during the burst', bystanderMs <= 1_000, {
      bystanderMs,
      inFlight,
    })
  } finally {
    if (child.child.exitCode === null && child.child.signalCode === null)
      child.child.kill('SIGKILL')
  }
  v.settle()
}
