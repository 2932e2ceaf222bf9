import { describe, expect, it } from 'vitest'
import {
  parseAmendBody,
  parseAmendReceipt,
  parseDownlinkFrame,
  parseQuestionAnswerFrame,
} from '../src/wire.ts'
import { batchAnswer, colour, name } from './fixtures.ts'

const asker = { name: 'Test writer', parents: ['Planner'] }

const answerFrame = {
  type: 'question/answer',
  rpcId: 'rpc-1',
  sessionId: 's1',
  questions: [colour, name],
  asker,
  answer: {
    answers: [
      { id: 'colour', selected: ['Red'] },
      { id: 'name', selected: [], custom: 'Ada' },
    ],
  },
  revision: 0,
  until: 1_700_000_300_000,
}

describe('the question/requested frame carries the asker', () => {
  it('keeps a valid asker', () => {
    const frame = {
      type: 'question/requested',
      rpcId: 'rpc-1',
      sessionId: 's1',
      questions: [colour],
      requestedAt: 1,
      asker,
    }
    expect(parseDownlinkFrame(frame)).toEqual({ ok: true, value: frame })
  })

  it('drops a frame whose asker is blank', () => {
    const parsed = parseDownlinkFrame({
      type: 'question/requested',
      rpcId: 'rpc-1',
      sessionId: 's1',
      questions: [colour],
      requestedAt: 1,
      asker: { name: '' },
    })
    expect(parsed.ok).toBe(false)
  })
})

describe('the question/answer frame', () => {
  it('parses an open standing answer, and a closed one', () => {
    expect(parseDownlinkFrame(answerFrame)).toEqual({ ok: true, value: answerFrame })
    const closed = { ...answerFrame, revision: 2, closed: 'moved-on' }
    expect(parseDownlinkFrame(JSON.stringify(closed))).toEqual({ ok: true, value: closed })
  })

  it('refuses a negative or fractional revision and an unknown closing', () => {
    for (const bad of [
      { ...answerFrame, revision: -1 },
      { ...answerFrame, revision: 1.5 },
      { ...answerFrame, closed: 'later' },
      { ...answerFrame, until: Number.NaN },
    ])
      expect(parseQuestionAnswerFrame(bad).ok).toBe(false)
  })

  it('applies the batch rules to its questions', () => {
    const parsed = parseQuestionAnswerFrame({ ...answerFrame, questions: [colour, colour] })
    expect(parsed.ok || parsed.issues.map((issue) => issue.rule)).toEqual(['duplicate-id'])
  })
})

describe('the amend body and receipt', () => {
  it('parses a body based on a revision', () => {
    const body = { rpcId: 'rpc-1', sessionId: 's1', revision: 0, answer: batchAnswer }
    expect(parseAmendBody({ ...body, extra: true })).toEqual({ ok: true, value: body })
  })

  it('refuses a body without a revision or with a bad answer shape', () => {
    expect(parseAmendBody({ rpcId: 'rpc-1', sessionId: 's1', answer: batchAnswer }).ok).toBe(false)
    expect(
      parseAmendBody({ rpcId: 'rpc-1', sessionId: 's1', revision: 0, answer: { answers: 1 } }).ok,
    ).toBe(false)
  })

  it('parses each receipt', () => {
    for (const receipt of [
      { accepted: true, revision: 1 },
      {
        accepted: false,
        reason: 'refused',
        code: 'AMEND_WINDOW_CLOSED',
        message: 'The time to change this answer has passed.',
      },
      { accepted: false, reason: 'refused', code: 'AMEND_SUPERSEDED', message: '…' },
      { accepted: false, reason: 'bad-response', issues: [{ rule: 'shape', message: 'x' }] },
    ])
      expect(parseAmendReceipt(receipt)).toEqual({ ok: true, value: receipt })
  })

  it('refuses a refusal with a code outside the list', () => {
    expect(
      parseAmendReceipt({ accepted: false, reason: 'refused', code: 'NOPE', message: '' }).ok,
    ).toBe(false)
  })
})
