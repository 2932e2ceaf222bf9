import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  answerBody,
  cancelBody,
  post,
  readyTab,
  startHost,
  sync,
  type TestHost,
  VALID_ANSWER,
} from './helpers.ts'

let running: TestHost
let rpcId: string
let asked: Promise<unknown>

beforeEach(async () => {
  running = await startHost()
  asked = running.ask('s1')
  rpcId = running.registered[0]?.rpcId ?? ''
})
afterEach(() => running.close())

const NOT_PENDING = { status: 200, json: { accepted: false, reason: 'not-pending' } }

describe('the first valid response wins', () => {
  it('accepts exactly one of 50 concurrent valid responses', async () => {
    const receipts = await Promise.all(
      Array.from({ length: 50 }, () => post(running.base, answerBody(rpcId, 's1'))),
    )
    const accepted = receipts.filter((r) => r.json.accepted === true)
    expect(accepted).toHaveLength(1)
    expect(receipts.filter((r) => r.json.reason === 'not-pending')).toHaveLength(49)
    const answer = (await asked) as { answers: unknown[] }
    expect(answer.answers[0]).toEqual({ id: 'color', selected: ['Blue'] })
  })

  it('answers late and duplicate responses with not-pending', async () => {
    expect((await post(running.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
    expect(await post(running.base, answerBody(rpcId, 's1'))).toEqual(NOT_PENDING)
    expect(await post(running.base, cancelBody(rpcId, 's1'))).toEqual(NOT_PENDING)
    expect(await post(running.base, answerBody('never-minted', 's1'))).toEqual(NOT_PENDING)
  })
})

const item = (id: string, selected: string[], custom?: string) =>
  custom === undefined ? { id, selected } : { id, selected, custom }
const color = item('color', ['Red'])
const extras = item('extras', [])
const note = item('note', [], 'hi')

const MATRIX: [string, unknown, string][] = [
  ['an answer that is not an object', 'yes', 'shape'],
  ['an item without selected', { answers: [{ id: 'color' }, extras, note] }, 'shape'],
  [
    'an unknown question id',
    { answers: [color, extras, note, item('size', [])] },
    'unknown-question',
  ],
  ['a question answered twice', { answers: [color, color, extras, note] }, 'duplicate-answer'],
  ['a missing answer item', { answers: [color, extras] }, 'missing-answer'],
  [
    'a selection on an optionless question',
    { answers: [color, extras, item('note', ['x'])] },
    'no-options',
  ],
  ['an unknown label', { answers: [item('color', ['Green']), extras, note] }, 'unknown-option'],
  [
    'a label selected twice',
    { answers: [color, item('extras', ['Cheese', 'Cheese']), note] },
    'duplicate-selection',
  ],
  [
    'two labels on a single-select',
    { answers: [item('color', ['Red', 'Blue']), extras, note] },
    'too-many-selections',
  ],
  ['a blank custom answer', { answers: [color, extras, item('note', [], '   ')] }, 'empty-custom'],
  [
    'custom with a selection on a single-select',
    { answers: [item('color', ['Red'], 'Teal'), extras, note] },
    'custom-with-selection',
  ],
]

describe('a response that fails validation is bad-response and leaves the question answerable', () => {
  async function expectStillAnswerable() {
    expect(running.host.pending().map((e) => e.rpcId)).toEqual([rpcId])
    expect((await post(running.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
    await expect(asked).resolves.toEqual(expect.objectContaining({ answers: expect.any(Array) }))
  }

  it.each(MATRIX)('%s', async (_name, answer, rule) => {
    const tab = await readyTab(running.base)
    const { status, json } = await post(running.base, answerBody(rpcId, 's1', answer))
    expect(status).toBe(200)
    expect(json).toMatchObject({ accepted: false, reason: 'bad-response' })
    const issues = json.issues as { rule: string; code?: string }[]
    expect(issues.map((issue) => issue.rule)).toContain(rule)
    await sync(running.host, 's1', [tab])
    expect(tab.of('question/resolved')).toEqual([])
    await expectStillAnswerable()
  })

  it.each([
    [
      'an error code other than cancelled',
      { rpcId, sessionId: 's1', result: { ok: false, error: { code: 'nope' } } },
    ],
    ['a missing rpcId', { sessionId: 's1', result: { ok: true, answer: VALID_ANSWER } }],
    ['a result without ok', { rpcId: 'x', sessionId: 's1', result: { answer: VALID_ANSWER } }],
    ['an array body', [1, 2]],
  ])('the envelope: %s', async (_name, body) => {
    const patched = JSON.parse(JSON.stringify(body).replace('"x"', JSON.stringify(rpcId)))
    const { json } = await post(running.base, patched)
    expect(json).toMatchObject({ accepted: false, reason: 'bad-response' })
    await expectStillAnswerable()
  })

  it('an answer naming another session the user may access', async () => {
    const { json } = await post(running.base, answerBody(rpcId, 's2'))
    expect(json).toMatchObject({ reason: 'bad-response', issues: [{ rule: 'session-mismatch' }] })
    await expectStillAnswerable()
  })

  it('a cancel naming another session the user may access', async () => {
    const { json } = await post(running.base, cancelBody(rpcId, 's2'))
    expect(json).toMatchObject({ reason: 'bad-response', issues: [{ rule: 'session-mismatch' }] })
    await expectStillAnswerable()
  })

  it('duplicate keys and __proto__ keys crash nothing', async () => {
    const raw =
      `{"rpcId":"${rpcId}","sessionId":"s1","__proto__":{"polluted":true},` +
      `"result":{"ok":true,"__proto__":{"x":1},"answer":{"answers":[]},` +
      `"answer":${JSON.stringify(VALID_ANSWER)}}}`
    const { status, json } = await post(running.base, raw)
    expect(status).toBe(200)
    expect(json).toEqual({ accepted: true })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    await expect(asked).resolves.toMatchObject({ answers: [{ id: 'color' }, {}, {}] })
  })
})

describe('the respond fences', () => {
  it('refuses another principal’s session with 403 and claims nothing', async () => {
    expect((await post(running.base, answerBody(rpcId, 's1'), { user: 'bob' })).status).toBe(403)
    expect((await post(running.base, cancelBody(rpcId, 's1'), { user: 'bob' })).status).toBe(403)
    expect(running.host.pending()).toHaveLength(1)
  })

  it('refuses an unauthenticated response with 401', async () => {
    expect((await post(running.base, answerBody(rpcId, 's1'), { user: null })).status).toBe(401)
  })

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/json-patch+json'])(
    'refuses Content-Type %s with 415',
    async (contentType) => {
      const { status } = await post(running.base, answerBody(rpcId, 's1'), { contentType })
      expect(status).toBe(415)
    },
  )

  it('accepts application/json with a charset', async () => {
    const options = { contentType: 'application/json; charset=utf-8' }
    expect((await post(running.base, answerBody(rpcId, 's1'), options)).json).toEqual({
      accepted: true,
    })
  })

  it('refuses a body that is not JSON with 400', async () => {
    expect((await post(running.base, '{"rpcId":')).status).toBe(400)
  })

  it('refuses a body above 256 KiB with 413', async () => {
    const body = answerBody(rpcId, 's1', { ...VALID_ANSWER, pad: 'x'.repeat(256 * 1024) })
    expect((await post(running.base, body)).status).toBe(413)
    expect(running.host.pending()).toHaveLength(1)
  })

  it('refuses a foreign Origin with 403', async () => {
    const options = { origin: 'https://evil.example' }
    expect((await post(running.base, answerBody(rpcId, 's1'), options)).status).toBe(403)
    const same = { origin: `http://${running.base}` }
    expect((await post(running.base, answerBody(rpcId, 's1'), same)).json).toEqual({
      accepted: true,
    })
  })
})
