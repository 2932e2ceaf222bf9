import { createUserQuestionService, isUserQuestionError } from '@parley/seam'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type AuditRecord,
  auditJsonLines,
  createQuestionHost as createFetchHost,
  createMemoryAuditSink,
  keepSelections,
  type MemoryAuditSink,
  parseAuditRecord,
  type QuestionHostOptions,
  writeAuditJsonLines,
} from '../src/index.ts'
import {
  answerBody,
  auditQuestion,
  cancelBody,
  eventReader,
  manualTimers,
  post,
  QUESTIONS,
  readyTab,
  startHost,
  type TestHost,
  VALID_ANSWER,
} from './helpers.ts'

let running: TestHost | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

/** A host that keeps its audit log in `sink`, a tab of alice's, and the ask's rpcId once shown. */
async function audited(
  sink: MemoryAuditSink,
  overrides: Partial<QuestionHostOptions<string>> = {},
  audit: Partial<NonNullable<QuestionHostOptions<string>['audit']>> = {},
) {
  running = await startHost({ audit: { sink, nodeId: 'node-a', ...audit }, ...overrides })
  const tab = await readyTab(running.base)
  return { host: running, tab }
}

async function shownId(tab: Awaited<ReturnType<typeof readyTab>>, index = 0): Promise<string> {
  const frames = await tab.count('question/requested', index + 1)
  return String(frames[index]?.rpcId)
}

const questionRecords = (sink: MemoryAuditSink) =>
  sink.list().filter((record) => record.kind === 'question')

/** An approval with an edit decision, and an answer that edits its arguments. */
const approval = {
  id: 'run',
  question: 'Run this command?',
  options: [{ label: 'Allow' }, { label: 'Edit and allow' }, { label: 'Deny' }],
  intent: {
    kind: 'approval' as const,
    tool: 'Bash',
    input: { command: 'rm -rf build' },
    allow: 'Allow',
    edit: 'Edit and allow',
    deny: 'Deny',
  },
}
const edited = { id: 'run', selected: ['Edit and allow'], custom: '{"command":"rm -rf dist"}' }

describe('the audit log', () => {
  it('records an answered question once: what was shown, who answered, where and when', async () => {
    const sink = createMemoryAuditSink()
    const { host, tab } = await audited(sink)
    const before = Date.now()
    const asked = host.ask('s1', { callId: 'call-7', asker: { name: 'Planner' } })
    const rpcId = await shownId(tab)
    const receipt = await post(host.base, answerBody(rpcId, 's1'), { userAgent: FIREFOX_ON_LINUX })
    expect(receipt.json).toEqual({ accepted: true })
    await asked
    await host.host.audit?.flush()
    const records = sink.list()
    expect(records).toHaveLength(1)
    const [record] = records as [AuditRecord]
    expect(record).toMatchObject({
      version: 1,
      kind: 'question',
      rpcId,
      sessionId: 's1',
      callId: 'call-7',
      asker: { name: 'Planner' },
      outcome: 'answered',
      by: { principal: 'alice', client: 'Firefox on Linux' },
      where: { node: 'node-a', transport: 'websocket', connection: expect.any(String) },
    })
    expect(record.kind === 'question' && record.questions.map((q) => q.question)).toEqual([
      'Which color?',
      'Which extras?',
      'Anything else?',
    ])
    if (record.kind !== 'question') throw new Error('not a question record')
    expect(record.at.asked).toBeGreaterThanOrEqual(before)
    expect(record.at.shown).toBeGreaterThanOrEqual(record.at.asked)
    expect(record.at.ended).toBeGreaterThanOrEqual(record.at.shown ?? Number.NaN)
    expect(parseAuditRecord(JSON.parse(JSON.stringify(record)))).toEqual(record)
  })

  it('keeps the selected labels but no typed text by default', async () => {
    const sink = createMemoryAuditSink()
    const { host, tab } = await audited(sink)
    const asked = host.ask('s1')
    await post(host.base, answerBody(await shownId(tab), 's1'))
    await asked
    await host.host.audit?.flush()
    const [record] = questionRecords(sink)
    expect(record?.kind === 'question' && record.answer).toEqual({
      answers: [
        { id: 'color', selected: ['Blue'] },
        { id: 'extras', selected: ['Cheese'], redacted: true },
        { id: 'note', selected: [], redacted: true },
      ],
    })
    expect(JSON.stringify(record)).not.toContain('Basil')
    expect(JSON.stringify(record)).not.toContain('Thanks')
  })

  it("keeps an approval's edited arguments in a host's records when the app sets no redact", async () => {
    const sink = createMemoryAuditSink()
    const { host, tab } = await audited(sink)
    const asked = host.ask('s1', { questions: [approval] })
    const receipt = await post(
      host.base,
      answerBody(await shownId(tab), 's1', { answers: [edited] }),
    )
    expect(receipt.json).toEqual({ accepted: true })
    await asked
    await host.host.audit?.flush()
    const [record] = questionRecords(sink)
    expect(record?.kind === 'question' && record.answer).toEqual({ answers: [edited] })
  })

  it("keeps an approval's edited arguments by default, and still no other typed text", () => {
    const note = { id: 'note', question: 'Anything else?' }
    expect(
      keepSelections(
        { answers: [edited, { id: 'note', selected: [], custom: 'my token is 123' }] },
        { questions: [approval, note] },
      ),
    ).toEqual({
      answers: [edited, { id: 'note', selected: [], redacted: true }],
    })
    // A deny's typed reason is typed text like any other.
    expect(
      keepSelections(
        { answers: [{ id: 'run', selected: [], custom: 'not today' }] },
        { questions: [approval] },
      ),
    ).toEqual({ answers: [{ id: 'run', selected: [], redacted: true }] })
    // Without the questions, nothing typed is kept.
    expect(keepSelections({ answers: [edited] })).toEqual({
      answers: [{ id: 'run', selected: ['Edit and allow'], redacted: true }],
    })
  })

  it('stores what the redact hook keeps, and no answer when it keeps none', async () => {
    const sink = createMemoryAuditSink()
    const { host, tab } = await audited(
      sink,
      {},
      {
        redact: (answer, info) => (info.sessionId === 's1' ? answer : undefined),
      },
    )
    const first = host.ask('s1')
    await post(host.base, answerBody(await shownId(tab), 's1'))
    await first
    const second = host.ask('s2')
    await post(host.base, answerBody(await shownId(tab, 1), 's2'))
    await second
    await host.host.audit?.flush()
    const [kept, none] = questionRecords(sink)
    expect(kept?.kind === 'question' && kept.answer).toEqual(VALID_ANSWER)
    expect(none).toMatchObject({ sessionId: 's2', outcome: 'answered' })
    expect(none && 'answer' in none).toBe(false)
  })

  it('records a cancel with who cancelled it, a timeout and an abort without anyone', async () => {
    const sink = createMemoryAuditSink()
    const clock = manualTimers()
    const { host, tab } = await audited(sink, { timers: clock.timers })
    const cancelled = host.ask('s1')
    await post(host.base, cancelBody(await shownId(tab), 's1'))
    const timedOut = host.ask('s1', { timeoutMs: 60_000 })
    await shownId(tab, 1)
    clock.fire(60_000)
    const turn = new AbortController()
    const aborted = host.ask('s2', { signal: turn.signal })
    await shownId(tab, 2)
    turn.abort()
    const errors = await Promise.all([cancelled, timedOut, aborted].map((p) => p.catch((e) => e)))
    expect(errors.map((error) => isUserQuestionError(error) && error.code)).toEqual([
      'ASK_CANCELLED',
      'ASK_TIMED_OUT',
      'ASK_ABORTED',
    ])
    await host.host.audit?.flush()
    const records = questionRecords(sink)
    expect(records.map((r) => r.kind === 'question' && [r.outcome, r.code, r.by])).toEqual([
      ['cancelled', 'ASK_CANCELLED', { principal: 'alice', client: '' }],
      ['timed-out', 'ASK_TIMED_OUT', undefined],
      ['aborted', 'ASK_ABORTED', undefined],
    ])
    const timed = records[1]
    expect(timed?.kind === 'question' && timed.at.deadline).toBe(
      timed?.kind === 'question' ? timed.at.asked + 60_000 : 0,
    )
  })

  it('records each accepted amendment as its own revision, after the one question record', async () => {
    const sink = createMemoryAuditSink()
    const { host, tab } = await audited(sink, { amendWindowMs: 60_000 })
    const asked = host.ask('s1', { onAmend: () => {} })
    const rpcId = await shownId(tab)
    await post(host.base, answerBody(rpcId, 's1'))
    await asked
    const red = {
      answers: [{ id: 'color', selected: ['Red'] }, ...VALID_ANSWER.answers.slice(1)],
    }
    for (const [revision, answer] of [
      [0, red],
      [1, VALID_ANSWER],
    ] as const) {
      const receipt = await post(
        host.base,
        { rpcId, sessionId: 's1', revision, answer },
        { path: '/api/amend', userAgent: FIREFOX_ON_LINUX },
      )
      expect(receipt.json).toEqual({ accepted: true, revision: revision + 1 })
    }
    await host.host.audit?.flush()
    expect(sink.list().map((record) => [record.kind, record.rpcId])).toEqual([
      ['question', rpcId],
      ['amendment', rpcId],
      ['amendment', rpcId],
    ])
    const amendments = sink.list().filter((record) => record.kind === 'amendment')
    expect(amendments).toMatchObject([
      {
        revision: 1,
        changed: ['color'],
        answer: { answers: [{ id: 'color', selected: ['Red'] }, {}, {}] },
        by: { principal: 'alice', client: 'Firefox on Linux' },
        where: { node: 'node-a' },
      },
      { revision: 2, changed: ['color'] },
    ])
  })

  it('records the asks a disposed host ended before close() resolves', async () => {
    const sink = createMemoryAuditSink()
    const { host, tab } = await audited(sink)
    const asked = host.ask('s1')
    await shownId(tab)
    await host.host.close()
    await expect(asked).rejects.toThrow()
    expect(questionRecords(sink).map((r) => r.kind === 'question' && r.outcome)).toEqual([
      'aborted',
    ])
  })

  it('answers as usual when the sink fails, and counts and reports each failure', async () => {
    const errors: string[] = []
    const failing = {
      append: () => Promise.reject(new Error('disk full')),
    }
    running = await startHost({
      audit: { sink: failing },
      onError: (_error, where) => errors.push(where),
    })
    const tab = await readyTab(running.base)
    const asked = running.ask('s1')
    expect((await post(running.base, answerBody(await shownId(tab), 's1'))).json).toEqual({
      accepted: true,
    })
    await expect(asked).resolves.toEqual(VALID_ANSWER)
    await running.host.audit?.flush()
    expect(running.host.audit).toMatchObject({ appended: 0, failed: 1 })
    expect(errors).toEqual(['audit.append'])
  })

  it('records what the fetch handler showed over SSE, in its replay', async () => {
    const sink = createMemoryAuditSink()
    const host = createFetchHost<string>({
      authenticate: (request) => request.headers.get('x-user'),
      canAccess: (user, sessionId) => user === 'alice' && sessionId === 's1',
      audit: { sink },
    })
    const service = createUserQuestionService()
    service.registerProvider(host.provider)
    const asked = service.ask({ questions: QUESTIONS, sessionId: 's1' })
    const stream = await host.fetch(
      new Request('http://localhost/api/mux?session=s1', {
        headers: { accept: 'text/event-stream', 'x-user': 'alice' },
      }),
    )
    const events = eventReader(stream)
    const [requested] = await events.until((frames) => frames.some((f) => f.type === 'mux/ready'))
    const rpcId = String(requested?.rpcId)
    const receipt = await host.fetch(
      new Request('http://localhost/api/respond', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user': 'alice' },
        body: JSON.stringify(answerBody(rpcId, 's1')),
      }),
    )
    expect(await receipt.json()).toEqual({ accepted: true })
    await asked
    await events.cancel()
    await host.close()
    expect(sink.list()).toMatchObject([
      { rpcId, outcome: 'answered', by: { principal: 'alice' }, where: { transport: 'sse' } },
    ])
  })

  it('has no audit counters without the option', async () => {
    running = await startHost()
    expect(running.host.audit).toBeUndefined()
  })
})

describe('the in-memory sink and the JSON Lines export', () => {
  const record = (rpcId: string, sessionId: string, principal: string, ended: number) =>
    auditQuestion(rpcId, ended, { sessionId, principal })

  it('keeps the newest records up to its bound, and filters by session, principal and time', () => {
    const sink = createMemoryAuditSink({ maxRecords: 3 })
    for (let i = 0; i < 5; i += 1) sink.append(record(`r${i}`, i % 2 ? 's1' : 's2', `p${i}`, i))
    expect(sink.list().map((r) => r.rpcId)).toEqual(['r2', 'r3', 'r4'])
    expect(sink.dropped).toBe(2)
    expect(sink.list({ sessionId: 's1' }).map((r) => r.rpcId)).toEqual(['r3'])
    expect(sink.list({ from: 3, to: 4 }).map((r) => r.rpcId)).toEqual(['r3'])
    expect(sink.list({ outcome: 'cancelled' })).toEqual([])
    expect(sink.deletePrincipal('p4')).toBe(1)
    expect(sink.list({ principal: 'p4' })).toEqual([])
  })

  it('exports records as one parseable JSON line each, to an iterable or a writable stream', async () => {
    const records = [record('a', 's1', 'p', 1), record('b', 's1', 'p', 2)]
    const lines: string[] = []
    for await (const line of auditJsonLines(records)) lines.push(line)
    expect(lines.every((line) => line.endsWith('\n'))).toBe(true)
    expect(lines.map((line) => parseAuditRecord(JSON.parse(line)))).toEqual(records)
    const written: string[] = []
    const count = await writeAuditJsonLines(
      records,
      new WritableStream<string>({ write: (chunk) => void written.push(chunk) }),
    )
    expect(count).toBe(2)
    expect(written.join('')).toBe(lines.join(''))
  })
})
