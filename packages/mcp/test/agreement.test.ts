import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import { checkAnswerItem } from '@parley/seam'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { FormElicitationParamsSchema, toElicitationForm } from '../src/index.ts'

/**
 * What Parley accepts, the server's validator (the SDK's ajv with
 * ajv-formats, which `elicitInput` runs on the content) accepts too: an
 * answer is never refused after the person sent it.
 */
const validator = new AjvJsonSchemaValidator()

const samples = [
  '',
  ' ',
  'a',
  'Ada',
  '42',
  '-0',
  '4.0',
  '4.5',
  '1e3',
  '.5',
  '5.',
  '+7',
  '0x10',
  '1,5',
  'Infinity',
  '9007199254740993',
  'ada@example.org',
  "o'neil+tag@mail.example.co.uk",
  'ada@localhost',
  'a..b@c.d',
  'ada@exa_mple.org',
  'ünï@example.org',
  'https://example.com/a?b=c#d',
  'mailto:ada@example.org',
  'urn:isbn:0451450523',
  'x:y',
  'http://[::1]:8080/',
  'http://x/[a]',
  'http://exa mple.com',
  'http://x/%zz',
  'http://x/%41',
  'http://ex_ample.com/~a',
  'http://a:b@c.d',
  'file:///etc/hosts',
  'https://例え.jp/',
  '2026-12-01',
  '2024-02-29',
  '2026-02-29',
  '2026-12-01T09:30:00Z',
  '2026-12-01t09:30:00.5+01:00',
  '2026-12-01 09:30:00-05:30',
  '2026-12-01T09:30:00',
  '2016-12-31T23:59:60Z',
  '2026-12-01T23:59:60Z',
  '😀😀',
  'ABC',
  'abc1',
]

const properties: [string, Record<string, unknown>][] = [
  ['email', { type: 'string', format: 'email' }],
  ['uri', { type: 'string', format: 'uri' }],
  ['date', { type: 'string', format: 'date' }],
  ['date-time', { type: 'string', format: 'date-time' }],
  ['lengths', { type: 'string', minLength: 2, maxLength: 3 }],
  ['pattern', { type: 'string', pattern: '^[A-Z]+$' }],
  ['number', { type: 'number', minimum: -1, maximum: 100 }],
  ['integer', { type: 'integer', minimum: 0 }],
]

describe('Parley accepts nothing the server would refuse', () => {
  it.each(properties)('%s', (_, property) => {
    const params = v.parse(FormElicitationParamsSchema, {
      message: 'Value?',
      requestedSchema: { type: 'object', properties: { value: property } },
    })
    const form = toElicitationForm(params, 'Server')
    const [question] = form.questions
    if (!question) throw new Error('no question')
    const serverCheck = validator.getValidator({
      type: 'object',
      properties: { value: property },
    })
    const accepted: string[] = []
    const overruled: string[] = []
    for (const text of samples) {
      if (text.trim() === '') continue
      const item = { id: 'value', selected: [], custom: text.trim() }
      if (checkAnswerItem(question, item).length > 0) continue
      accepted.push(text)
      const content = form.contentOf({ answers: [item] })
      if (!serverCheck(content).valid) overruled.push(text)
    }
    expect(overruled).toEqual([])
    expect(accepted.length).toBeGreaterThan(0)
  })
})
