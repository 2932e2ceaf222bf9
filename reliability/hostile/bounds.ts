import { spawnDemo } from '../child-demo.ts'
import { principal } from '../demo.ts'
import { countsOf } from '../ledger.ts'
import { dribble, openRaw, rawHead, within } from '../raw-http.ts'
import { issueFloodBody } from './cases.ts'
import { freePort, politely, rssMiB } from './kit.ts'
import { type Answer, answerBody, call, type Hostile, hostOf, portOf, SIZE } from './support.ts'

/** Contract 12: a body built for thousands of issues gets a bounded receipt, in parallel too. */
export async function boundedValidation({ demo, ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  const jack = await principal(demo.base)
  const session = await jack.newSession()
  const { rpcId } = await jack.ask(session)
  const body = issueFloodBody(rpcId, session, 256 * 1024 - 256)
  const seen = { limited: 0 }
  const send = () =>
    politely(
      () =>
        call(demo.base, '/api/respond', {
          cookie: jack.cookie,
          body,
          headers: { 'content-type': 'application/json' },
        }),
      seen,
    )
  const bounded = (reply: Answer) =>
    reply.status === 200 &&
    reply.body?.accepted === false &&
    reply.body.reason === 'bad-response' &&
    Array.isArray(reply.body.issues) &&
    reply.body.issues.length <= 20 &&
    typeof reply.body.omittedIssues === 'number' &&
    reply.body.omittedIssues > 0 &&
    reply.bytes < 16 * 1024
  const single = await send()
  v.hold(
    'a 256 KiB body of broken items: bad-response, ≤ 20 issues, omittedIssues, reply < 16 KiB',
    bounded(single),
    {
      status: single.status,
      issues: single.body?.issues?.length,
      omitted: single.body?.omittedIssues,
      bytes: single.bytes,
    },
  )
  const rssBefore = rssMiB()
  const started = Date.now()
  const flood = await Promise.all(Array.from({ length: SIZE.issueFlood }, send))
  const rssAfter = rssMiB()
  ledger.figure('issue flood: body bytes', Buffer.byteLength(body))
  ledger.figure(
    'issue flood: issues reported / omitted',
    `${single.body?.issues?.length} / ${single.body?.omittedIssues}`,
  )
  ledger.figure('issue flood: reply bytes', single.bytes)
  ledger.figure('issue flood: bodies in parallel', flood.length)
  ledger.figure('issue flood: 429s waited out (retry-after honoured)', seen.limited)
  ledger.figure('issue flood: duration (ms)', Date.now() - started)
  ledger.figure('issue flood: rss before / after (MiB)', `${rssBefore} / ${rssAfter}`)
  v.hold(
    'every parallel flood reply is bounded the same way',
    flood.map(bounded),
    countsOf(flood.map((reply) => `${reply.status}:${reply.body?.issues?.length}:${reply.bytes}`)),
  )
  await demo.assertAlive()
  const answered = await politely(
    () => jack.request('/api/respond', { json: answerBody(rpcId, session) }),
    seen,
  )
  v.hold(
    'the question is still answerable after the flood',
    answered.body.accepted === true,
    answered.body,
  )
  v.settle()
}

/** Contract 13: SIGTERM during a dribbling upload exits 0 within 8 s. */
export async function sigtermDuringUpload({ ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  const child = await spawnDemo(await freePort())
  try {
    const visitor = await principal(child.base)
    const upload = openRaw(
      portOf(child.base),
      rawHead('POST', '/api/respond', {
        host: hostOf(child.base),
        cookie: visitor.cookie,
        origin: child.base,
        'content-type': 'application/json',
        'content-length': '4096',
      }),
    )
    const dribbling = dribble(upload, ' '.repeat(4_096), 200, 10_000)
    await new Promise((resolve) => setTimeout(resolve, 500))
    const signalled = Date.now()
    child.child.kill('SIGTERM')
    const code = await within(child.exited, 8_000, 'still running after 8 s')
    const exitMs = Date.now() - signalled
    const uploadHead = await within(upload.head, 0, null)
    upload.destroy()
    await dribbling
    ledger.figure('SIGTERM during a slow upload: exit code', code)
    ledger.figure('SIGTERM during a slow upload: exit after (ms)', exitMs)
    ledger.figure('SIGTERM during a slow upload: the uploader saw', uploadHead?.status ?? 'a close')
    v.hold('the demo exits with code 0 within 8 s', code === 0 && exitMs <= 8_000, {
      code,
      exitMs,
      output: child.output().slice(-400),
    })
  } finally {
    if (child.child.exitCode === null && child.child.signalCode === null)
      child.child.kill('SIGKILL')
  }
  v.settle()
}
