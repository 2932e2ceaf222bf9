import { build } from 'esbuild'
import { afterEach, describe, expect, it } from 'vitest'
import { parseDownlinkFrame, parseRespondReceipt } from '../src/wire.ts'
import { colour, name, plan } from './fixtures.ts'

const requested = {
  type: 'question/requested',
  rpcId: 'rpc-1',
  sessionId: 's1',
  questions: [colour, name, plan],
  requestedAt: 1_700_000_000_000,
}

const text = (value: unknown) => JSON.stringify(value)

afterEach(() => {
  expect(Object.prototype).not.toHaveProperty('polluted')
})

describe('the wire parser on hostile input', () => {
  it('never copies a __proto__ key, nor lets it change the prototype', () => {
    const input = '{"type":"chat/x","__proto__":{"polluted":true},"a":{"__proto__":{"polluted":1}}}'
    const result = parseDownlinkFrame(input)
    if (!result.ok) throw new Error('expected an app frame')
    expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype)
    expect(Object.hasOwn(result.value, '__proto__')).toBe(false)
    expect(Object.keys(result.value)).toEqual(['type', 'a'])
  })

  it('strips __proto__ and constructor keys from a question/requested frame', () => {
    const frame = `{"__proto__":{"x":1},"constructor":{"prototype":{"polluted":1}},${text(requested).slice(1)}`
    expect(parseDownlinkFrame(frame)).toEqual({ ok: true, value: requested })
  })

  it('drops app frame keys named constructor or prototype, keeping the rest', () => {
    const frame = { type: 'chat/x', constructor: 'not a class', prototype: 1, text: 'hi' }
    expect(parseDownlinkFrame(frame)).toEqual({ ok: true, value: { type: 'chat/x', text: 'hi' } })
  })

  it("reads the host's clock frame, and refuses one whose now is not a finite number", () => {
    expect(parseDownlinkFrame('{"type":"mux/hello","now":1700000000000}')).toEqual({
      ok: true,
      value: { type: 'mux/hello', now: 1_700_000_000_000 },
    })
    for (const now of ['"soon"', 'null', '1e999'])
      expect(parseDownlinkFrame(`{"type":"mux/hello","now":${now}}`)).toMatchObject({ ok: false })
    expect(parseDownlinkFrame({ type: 'mux/hello' })).toMatchObject({ ok: false })
  })

  it('does not take a type inherited from a prototype', () => {
    const frame = Object.create({ type: 'mux/ready' })
    expect(parseDownlinkFrame(frame)).toMatchObject({ ok: false })
  })

  it.each([
    [Number.NaN, 'expected number'],
    [Number.POSITIVE_INFINITY, 'expected a finite number'],
    [Number.NEGATIVE_INFINITY, 'expected a finite number'],
  ])('rejects a requestedAt of %s', (requestedAt, problem) => {
    expect(parseDownlinkFrame({ ...requested, requestedAt })).toMatchObject({
      ok: false,
      issues: [{ path: ['requestedAt'], message: `requestedAt: ${problem}` }],
    })
  })

  it('bounds an id at 200 UTF-16 units, as String.length counts them', () => {
    expect(parseDownlinkFrame({ ...requested, rpcId: 'x'.repeat(200) }).ok).toBe(true)
    expect(parseDownlinkFrame({ ...requested, rpcId: 'x'.repeat(201) })).toMatchObject({
      ok: false,
      issues: [{ message: 'rpcId: must be at most 200' }],
    })
  })

  it('reports each bad field with its path', () => {
    const frame = {
      ...requested,
      rpcId: '',
      questions: [{ ...colour, options: [{ label: 3 }], intent: { kind: 'x', approve: 1 } }, 7],
    }
    const result = parseDownlinkFrame(frame)
    expect(result.ok ? [] : result.issues.map((issue) => issue.message)).toEqual([
      'rpcId: must be at least 1',
      'questions.0.options.0.label: expected string',
      'questions.0.intent.kind: expected ("plan-review" | "approval")',
      'questions.0.intent.approve: expected string',
      'questions.1: expected object',
    ])
  })

  it('parses huge batches, app frames and receipts without throwing', () => {
    const questions = Array.from({ length: 5_000 }, (_, index) => ({
      id: `q${index}`,
      question: 'Why?',
      options: Array.from({ length: 20 }, (_, o) => ({ label: `o${o}`, junk: [o] })),
    }))
    const parsed = parseDownlinkFrame({ ...requested, questions })
    expect(parsed.ok && 'questions' in parsed.value && parsed.value.questions).toHaveLength(5_000)
    const junk = { type: 'chat/x', rows: Array.from({ length: 100_000 }, (_, i) => i) }
    expect(parseDownlinkFrame(junk)).toEqual({ ok: true, value: junk })
    const issues = Array.from({ length: 10_000 }, (_, i) => ({ rule: 'r', message: `m${i}` }))
    const receipt = { accepted: false, reason: 'bad-response', issues: [...issues, { rule: 1 }] }
    expect(parseRespondReceipt(receipt)).toMatchObject({
      ok: false,
      issues: [{ path: ['issues', 10_000, 'rule'] }, { path: ['issues', 10_000, 'message'] }],
    })
  })

  it('rejects, never throws, on an object whose coercion throws', () => {
    const length = JSON.parse('{"valueOf": 1, "toString": 1}')
    const frame = {
      type: 'question/resolved',
      rpcId: { length },
      sessionId: 's',
      outcome: 'answered',
    }
    expect(parseDownlinkFrame(frame)).toMatchObject({ ok: false })
  })
})

describe('the browser bundle of the wire parser', () => {
  it('carries valibot and no other schema library', async () => {
    const result = await build({
      stdin: {
        contents: `export { parseDownlinkFrame, parseRespondReceipt } from './src/wire.ts'`,
        resolveDir: new URL('..', import.meta.url).pathname,
        loader: 'ts',
      },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    const inputs = Object.values(result.metafile.outputs).flatMap((output) =>
      Object.entries(output.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => path),
    )
    expect(inputs.filter((input) => input.includes('zod'))).toEqual([])
    expect(inputs.some((input) => input.includes('valibot'))).toBe(true)
  })
})
