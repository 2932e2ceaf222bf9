import { describe, expect, it } from 'vitest'
import { validateRequest } from '../src/index.ts'
import { parseDownlinkFrame, parseExtendBody, parseExtendReceipt } from '../src/wire.ts'
import { colour } from './fixtures.ts'

const requested = {
  type: 'question/requested',
  rpcId: 'rpc-1',
  sessionId: 's1',
  questions: [colour],
  requestedAt: 1_700_000_000_000,
}
const deadline = {
  type: 'question/deadline',
  rpcId: 'rpc-1',
  sessionId: 's1',
  deadlineAt: 1_700_000_300_000,
  reason: 'user',
}
const resolved = { type: 'question/resolved', rpcId: 'rpc-1', sessionId: 's1', outcome: 'answered' }

describe('deadlines and endings on the wire', () => {
  it('a question/requested frame carries its deadline, and parses without one as before', () => {
    const withDeadline = { ...requested, deadlineAt: 1_700_000_060_000 }
    expect(parseDownlinkFrame(withDeadline)).toEqual({ ok: true, value: withDeadline })
    expect(parseDownlinkFrame(requested)).toEqual({ ok: true, value: requested })
  })

  it('a question/deadline frame says the new deadline and why it moved', () => {
    expect(parseDownlinkFrame(deadline)).toEqual({ ok: true, value: deadline })
    expect(parseDownlinkFrame({ ...deadline, reason: 'activity' }).ok).toBe(true)
  })

  it.each([
    ['an unknown reason', { reason: 'timer' }, ['reason']],
    ['a deadline that is not a number', { deadlineAt: '1700000300000' }, ['deadlineAt']],
    ['an infinite deadline', { deadlineAt: Number.POSITIVE_INFINITY }, ['deadlineAt']],
  ])('a question/deadline frame with %s is refused', (_, change, path) => {
    expect(parseDownlinkFrame({ ...deadline, ...change })).toMatchObject({
      ok: false,
      issues: [{ path }],
    })
  })

  it('a question/resolved frame may say which client ended it and when, and parses without it', () => {
    const by = { ...resolved, by: { label: 'Firefox on Windows', at: 1_700_000_100_000 } }
    expect(parseDownlinkFrame(by)).toEqual({ ok: true, value: by })
    expect(parseDownlinkFrame(resolved)).toEqual({ ok: true, value: resolved })
  })

  it('a question/resolved frame may carry the answer that counted, and refuses a malformed one', () => {
    const answer = { answers: [{ id: 'colour', selected: ['Blue'], custom: 'navy' }] }
    const withAnswer = { ...resolved, answer }
    expect(parseDownlinkFrame(withAnswer)).toEqual({ ok: true, value: withAnswer })
    expect(
      parseDownlinkFrame({ ...resolved, answer: { answers: [{ id: 'colour' }] } }),
    ).toMatchObject({ ok: false, issues: [{ path: ['answer', 'answers', 0, 'selected'] }] })
  })

  it('refuses a client label longer than 80 characters', () => {
    const by = { ...resolved, by: { label: 'x'.repeat(81), at: 1 } }
    expect(parseDownlinkFrame(by)).toMatchObject({ ok: false, issues: [{ path: ['by', 'label'] }] })
  })

  it('parses an extend body and refuses one without a reason', () => {
    const body = { rpcId: 'rpc-1', sessionId: 's1', reason: 'user' }
    expect(parseExtendBody(body)).toEqual({ ok: true, value: body })
    expect(parseExtendBody({ rpcId: 'rpc-1', sessionId: 's1' })).toMatchObject({
      ok: false,
      issues: [{ path: ['reason'] }],
    })
  })

  it.each([
    [{ extended: true, deadlineAt: 5 }],
    [{ extended: false, reason: 'at-limit', deadlineAt: 5 }],
    [{ extended: false, reason: 'not-pending' }],
    [{ extended: false, reason: 'activity-off', deadlineAt: 5 }],
    [{ extended: false, reason: 'not-due', deadlineAt: 5 }],
    [{ extended: false, reason: 'no-deadline' }],
  ])('parses the extend receipt %j', (receipt) => {
    expect(parseExtendReceipt(receipt)).toEqual({ ok: true, value: receipt })
  })

  it('refuses an extend receipt that extended without a deadline, or for an unknown reason', () => {
    expect(parseExtendReceipt({ extended: true }).ok).toBe(false)
    expect(parseExtendReceipt({ extended: false, reason: 'busy' }).ok).toBe(false)
  })
})

describe('onDeadline on a request', () => {
  it('is kept, and calls the function given', () => {
    const seen: unknown[] = []
    const result = validateRequest({
      questions: [colour],
      onDeadline: (c: unknown) => seen.push(c),
    })
    if (!result.ok) throw new Error('expected a valid request')
    const change = { deadlineAt: 2, previousDeadlineAt: 1, reason: 'user' } as const
    result.request.onDeadline?.(change)
    expect(seen).toEqual([change])
  })

  it('is refused when it is not a function', () => {
    expect(validateRequest({ questions: [colour], onDeadline: 'later' })).toMatchObject({
      ok: false,
      issues: [{ code: 'INVALID_QUESTION', rule: 'shape', path: ['onDeadline'] }],
    })
  })
})
