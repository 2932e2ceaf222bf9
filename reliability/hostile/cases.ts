import fc from 'fast-check'

/** Request targets a penetration tester starts with: each is undecodable or unparsable. */
export const NAMED_TARGETS: [method: string, target: string][] = [
  ['GET', '/%'],
  ['GET', '/%zz'],
  ['GET', '/assets/%C0%AF'],
  ['HEAD', '/%E0%A4%A'],
  ['GET', 'http://[/'],
]

/**
 * Percent escapes no decoder accepts: a lone `%`, non-hex digits, overlong
 * and truncated UTF-8, a lone continuation byte, an encoded surrogate, a code
 * point past U+10FFFF.
 */
const BAD_ESCAPES = [
  '%',
  '%z',
  '%zz',
  '%G0',
  '%0',
  '%C0%AF',
  '%C0%80',
  '%E0%A4%A',
  '%C3',
  '%80',
  '%FF',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%E2%82',
]

/** What follows a bad escape; never a hex digit, so the escape stays bad. */
const TERMINATORS = ['', '/', 'z', '_', '~', '-x', '.js', '.html']

const PREFIXES = [
  '/',
  '/assets/',
  '/api/',
  '/api/sessions/',
  '/api/test/asks/',
  '/api/mux/',
  '/api/respond/',
  '/index.html/',
  '//',
  '/../',
  'http://[',
  'http://[::1/',
  'http://127.0.0.1/',
]

const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{0,8}$/)
/** After the escape no `..` may remove the segment that holds it. */
const laterSegment = segment.filter((text) => text !== '.' && text !== '..')

/** A generated malformed target: a route-like path with one bad escape, maybe a query after it. */
export const malformedTarget = fc
  .record({
    method: fc.constantFrom('GET', 'HEAD'),
    prefix: fc.constantFrom(...PREFIXES),
    before: fc.array(segment, { maxLength: 3 }),
    badEscape: fc.constantFrom(...BAD_ESCAPES),
    terminator: fc.constantFrom(...TERMINATORS),
    after: fc.array(laterSegment, { maxLength: 2 }),
    query: fc.option(fc.stringMatching(/^[A-Za-z0-9=&%._-]{0,12}$/), { nil: undefined }),
  })
  .map(({ method, prefix, before, badEscape, terminator, after, query }) => {
    const head = before.length > 0 ? `${before.join('/')}/` : ''
    const tail = after.length > 0 ? `/${after.join('/')}` : ''
    const search = query === undefined ? '' : `?${query}`
    return [method, `${prefix}${head}${badEscape}${terminator}${tail}${search}`] as [string, string]
  })

/**
 * A respond body of just under `bytes` bytes whose answer holds thousands of
 * broken items (wrong types, unknown ids, missing fields), for a question
 * that is really pending.
 */
export function issueFloodBody(rpcId: string, sessionId: string, bytes: number): string {
  const broken = [
    { id: 7, selected: 'Blue' },
    { id: 'color', selected: [1, 2] },
    { selected: [] },
    { id: 'nope', selected: ['Red'], custom: 9 },
  ]
  const items: unknown[] = []
  const envelope = (answers: unknown[]) =>
    JSON.stringify({ rpcId, sessionId, result: { ok: true, answer: { answers } } })
  // Each broken item is at most ~45 bytes: grow in chunks, then trim to fit.
  while (envelope(items).length < bytes - 2_000) {
    for (let i = 0; i < 100; i++) items.push(broken[items.length % broken.length])
  }
  while (envelope(items).length >= bytes) items.pop()
  return envelope(items)
}
