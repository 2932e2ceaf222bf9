import { describe, expect, it } from 'vitest'
import {
  isAppFrameType,
  parseDownlinkFrame,
  parseRespondBody,
  parseRespondReceipt,
} from '../src/wire.ts'
import { batchAnswer, colour, name } from './fixtures.ts'

const requested = {
  type: 'question/requested',
  rpcId: 'rpc-1',
  sessionId: 's1',
  callId: 'call-1',
  questions: [colour, name],
  requestedAt: 1_700_000_000_000,
}

const garbage = [
  null,
  undefined,
  0,
  7,
  true,
  [],
  [requested],
  'not json',
  '{',
  '"text"',
  '[]',
  '42',
]

type Frame = { type: string; [key: string]: unknown }

describe('parseDownlinkFrame', () => {
  const accepted: [string, Frame][] = [
    ['a question/requested frame', requested],
    ['a question/requested frame without callId', { ...requested, callId: undefined }],
    ...(['answered', 'cancelled', 'aborted', 'timed-out'] as const).map(
      (outcome): [string, Frame] => [
        `a question/resolved frame with outcome ${outcome}`,
        { type: 'question/resolved', rpcId: 'rpc-1', sessionId: 's1', outcome },
      ],
    ),
    ['a mux/ready frame', { type: 'mux/ready' }],
    ['an app frame with its own fields', { type: 'chat/delta', text: 'hi', n: 1 }],
  ]

  it.each(accepted)('accepts %s', (_, frame) => {
    expect(parseDownlinkFrame(frame)).toMatchObject({ ok: true, value: { type: frame.type } })
  })

  it('accepts a frame given as JSON text', () => {
    expect(parseDownlinkFrame(JSON.stringify(requested))).toEqual({ ok: true, value: requested })
  })

  it('keeps the fields of an app frame', () => {
    expect(parseDownlinkFrame({ type: 'chat/delta', text: 'hi' })).toEqual({
      ok: true,
      value: { type: 'chat/delta', text: 'hi' },
    })
  })

  it.each(['question/answered', 'question/requested-extra', 'mux/hello', 'mux/'])(
    'does not let an app frame use the reserved type %s',
    (type) => {
      expect(parseDownlinkFrame({ type })).toMatchObject({ ok: false })
      expect(isAppFrameType(type)).toBe(false)
    },
  )

  it.each(['chat/delta', 'questions/x', 'muxer', 'x'])('lets an app use the type %s', (type) => {
    expect(isAppFrameType(type)).toBe(true)
  })

  it.each([
    ['an empty batch', { ...requested, questions: [] }, 'empty-questions'],
    ['duplicate question ids', { ...requested, questions: [colour, colour] }, 'duplicate-id'],
    [
      'a multi-select without options',
      { ...requested, questions: [{ ...name, multiSelect: true }] },
      'multi-select-without-options',
    ],
    [
      'a bad intent',
      {
        ...requested,
        questions: [{ ...colour, detail: 'd', intent: { kind: 'plan-review', approve: 'X' } }],
      },
      'approve-not-an-option',
    ],
  ])('rejects a question/requested frame with %s', (_, frame, rule) => {
    const result = parseDownlinkFrame(frame)
    expect(result.ok).toBe(false)
    expect(result.ok ? [] : result.issues.map((issue) => issue.rule)).toContain(rule)
  })

  it.each([
    ['a question/requested frame without rpcId', { ...requested, rpcId: undefined }],
    ['a question/requested frame with an empty rpcId', { ...requested, rpcId: '' }],
    ['a question/requested frame without sessionId', { ...requested, sessionId: undefined }],
    ['a question/requested frame with a string timestamp', { ...requested, requestedAt: 'now' }],
    ['a question/requested frame with questions as text', { ...requested, questions: 'Q?' }],
    [
      'a question/resolved frame with an unknown outcome',
      { type: 'question/resolved', rpcId: 'r', sessionId: 's', outcome: 'lost' },
    ],
    [
      'a question/resolved frame without rpcId',
      { type: 'question/resolved', sessionId: 's', outcome: 'answered' },
    ],
    ['a frame with an empty type', { type: '' }],
    ['a frame with a numeric type', { type: 3 }],
    ['a frame without type', { text: 'hi' }],
  ])('rejects %s', (_, frame) => {
    const result = parseDownlinkFrame(frame)
    expect(result).toMatchObject({ ok: false })
    expect(result.ok ? [] : result.issues).not.toHaveLength(0)
  })

  it.each(garbage)('rejects %j without throwing', (input) => {
    expect(() => parseDownlinkFrame(input)).not.toThrow()
    expect(parseDownlinkFrame(input).ok).toBe(false)
  })

  it('does not take a __proto__ type as the frame type', () => {
    expect(parseDownlinkFrame('{"__proto__": {"type": "mux/ready"}}').ok).toBe(false)
  })
})

describe('parseRespondBody', () => {
  const answered = { rpcId: 'rpc-1', sessionId: 's1', result: { ok: true, answer: batchAnswer } }
  const cancelled = {
    rpcId: 'rpc-1',
    sessionId: 's1',
    result: { ok: false, error: { code: 'cancelled' } },
  }

  it.each([
    ['an answer', answered],
    ['a cancel', cancelled],
  ])('accepts %s', (_, body) => {
    expect(parseRespondBody(body)).toEqual({ ok: true, value: body })
  })

  it.each([
    [
      'an error code other than cancelled',
      { ...cancelled, result: { ok: false, error: { code: 'timeout' } } },
    ],
    ['ok true without answer', { ...answered, result: { ok: true } }],
    [
      'an answer of the wrong shape',
      { ...answered, result: { ok: true, answer: { answers: [{ id: 1 }] } } },
    ],
    ['ok as a string', { ...answered, result: { ok: 'yes', answer: batchAnswer } }],
    ['a missing rpcId', { ...answered, rpcId: undefined }],
    ['an empty sessionId', { ...answered, sessionId: '' }],
    ['an overlong rpcId', { ...answered, rpcId: 'x'.repeat(201) }],
  ])('rejects %s', (_, body) => {
    const result = parseRespondBody(body)
    expect(result.ok).toBe(false)
    expect(result.ok ? [] : result.issues).not.toHaveLength(0)
  })

  it.each(garbage)('rejects %j without throwing', (input) => {
    expect(() => parseRespondBody(input)).not.toThrow()
    expect(parseRespondBody(input).ok).toBe(false)
  })
})

describe('parseRespondReceipt', () => {
  it.each([
    ['an acceptance', { accepted: true }],
    ['a not-pending rejection', { accepted: false, reason: 'not-pending' }],
    [
      'a bad-response rejection with issues',
      {
        accepted: false,
        reason: 'bad-response',
        issues: [
          {
            rule: 'unknown-option',
            message: 'no',
            questionId: 'colour',
            path: ['answers', 0],
            code: 'BAD_ANSWER',
          },
        ],
      },
    ],
  ])('accepts %s', (_, receipt) => {
    expect(parseRespondReceipt(receipt)).toEqual({ ok: true, value: receipt })
  })

  it.each([
    ['a rejection without reason', { accepted: false }],
    ['an unknown reason', { accepted: false, reason: 'busy' }],
    ['a bad-response rejection without issues', { accepted: false, reason: 'bad-response' }],
    ['accepted as a string', { accepted: 'true' }],
  ])('rejects %s', (_, receipt) => {
    expect(parseRespondReceipt(receipt).ok).toBe(false)
  })

  it.each(garbage)('rejects %j without throwing', (input) => {
    expect(() => parseRespondReceipt(input)).not.toThrow()
    expect(parseRespondReceipt(input).ok).toBe(false)
  })

  const withKey = (key: unknown) => ({
    accepted: false,
    reason: 'bad-response',
    issues: [{ rule: 'r', message: 'm', path: ['answers', key] }],
  })

  it.each([null, undefined, true, {}, [], Number.NaN, 1n, Symbol('key')])(
    'refuses an issue path key %s, naming where',
    (key) => {
      const parsed = parseRespondReceipt(withKey(key))
      expect(parsed.ok || parsed.issues[0]?.path).toEqual(['issues', 0, 'path', 1])
    },
  )

  it.each(['key', 0, -1.5])('keeps an issue path key %s', (key) => {
    const parsed = parseRespondReceipt(withKey(key))
    expect(parsed.ok && parsed.value).toMatchObject({ issues: [{ path: ['answers', key] }] })
  })
})
