import { describe, expect, it } from 'vitest'
import { matchesFormat, readDecimal } from '../src/formats.ts'

describe('answer formats', () => {
  it('reads decimal notation only', () => {
    expect(['0', '-1', '+2.5', '.5', '5.', '1e3', '1E-2'].map(readDecimal)).toEqual([
      0, -1, 2.5, 0.5, 5, 1000, 0.01,
    ])
    for (const text of ['', ' 1', '0x1', '1_000', 'NaN', 'Infinity', '1e400', '1,5', 'e3'])
      expect(readDecimal(text), text).toBeUndefined()
  })

  it('knows an email address', () => {
    for (const text of ['ada@example.org', "o'neil+tag@mail.example.co.uk", 'a.b@c-d.io'])
      expect(matchesFormat(text, 'email'), text).toBe(true)
    for (const text of ['ada', 'ada@', 'ada@localhost', '.a@b.c', 'a..b@c.d', 'a b@c.d', 'a@-b.c'])
      expect(matchesFormat(text, 'email'), text).toBe(false)
  })

  it('knows an absolute URI', () => {
    for (const text of [
      'https://example.com/a?b=c#d',
      'mailto:ada@example.org',
      'urn:isbn:1',
      'x:y',
      'http://[::1]:8080/',
      'http://user@[2001:db8::1]/a',
    ])
      expect(matchesFormat(text, 'uri'), text).toBe(true)
    for (const text of [
      'example.com',
      '/path',
      'http://exa mple.com',
      'http://x/%zz',
      '1a:b',
      'http://[::1',
      'http://x/[a]',
    ])
      expect(matchesFormat(text, 'uri'), text).toBe(false)
  })

  it('knows an RFC 3339 full-date, leap years included', () => {
    for (const text of ['2026-12-01', '2024-02-29', '2000-02-29'])
      expect(matchesFormat(text, 'date'), text).toBe(true)
    for (const text of [
      '2026-13-01',
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-1-01',
      '20261201',
    ])
      expect(matchesFormat(text, 'date'), text).toBe(false)
  })

  it('knows an RFC 3339 date-time, which needs an offset', () => {
    for (const text of [
      '2026-12-01T09:30:00Z',
      '2026-12-01t09:30:00.123+01:00',
      '2026-12-01 09:30:00-05:30',
      '2016-12-31T23:59:60Z',
      '2016-12-31T18:59:60-05:00',
    ])
      expect(matchesFormat(text, 'date-time'), text).toBe(true)
    for (const text of [
      '2026-12-01T09:30:00',
      '2026-12-01T24:00:00Z',
      '2026-12-01T09:60:00Z',
      '2026-12-01T09:30:60Z',
      '2026-12-01T09:30Z',
      '2026-12-01T09:30:00+24:00',
      '2026-02-30T09:30:00Z',
    ])
      expect(matchesFormat(text, 'date-time'), text).toBe(false)
  })
})
