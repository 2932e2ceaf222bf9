import { afterEach, describe, expect, it } from 'vitest'
import { createPrincipalTokens, readIdentity } from '../src/principals.ts'
import { startDemo, user } from './harness.ts'

const SECRET = 'a test secret that is long enough'
const tokens = createPrincipalTokens(SECRET)
const cookie = (...values: string[]) => values.map((v) => `parley_principal=${v}`).join('; ')

describe('signed principal tokens', () => {
  it('verify under the secret that signed them, and only that one', () => {
    const { principal, token } = tokens.mint()
    expect(token).toMatch(/^v1\.[\w-]{22}\.[\w-]{43}$/)
    expect(tokens.verify(token)).toBe(principal)
    expect(createPrincipalTokens('another secret').verify(token)).toBeNull()
  })

  it('refuse a changed id, a changed signature and garbage', () => {
    const { token } = tokens.mint()
    const [, id = '', sig = ''] = token.split('.')
    const otherId = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`
    const otherSig = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`
    expect(tokens.verify(`v1.${otherId}.${sig}`)).toBeNull()
    expect(tokens.verify(`v1.${id}.${otherSig}`)).toBeNull()
    // Same bytes, another spelling: the signature's last character has two spare bits.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const respelled = `${sig.slice(0, -1)}${alphabet[alphabet.indexOf(sig.at(-1) ?? '') ^ 1]}`
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(sig, 'base64url'))
    expect(tokens.verify(`v1.${id}.${respelled}`)).toBeNull()
    for (const garbage of ['', 'x', `v2.${id}.${sig}`, `v1.${id}`, `${token}.x`])
      expect(tokens.verify(garbage)).toBeNull()
  })

  it('read one identity from duplicates only when exactly one principal verifies', () => {
    const a = tokens.mint()
    const b = tokens.mint()
    const read = (header: string) => readIdentity(header, 'parley_principal', tokens)
    expect(read('')).toEqual({ kind: 'none' })
    expect(read('other=1')).toEqual({ kind: 'none' })
    expect(read(cookie('forged'))).toEqual({ kind: 'invalid' })
    expect(read(`x=1; ${cookie('junk', a.token, 'junk2')}`)).toEqual({
      kind: 'one',
      principal: a.principal,
    })
    expect(read(cookie(a.token, a.token))).toEqual({ kind: 'one', principal: a.principal })
    expect(read(cookie(a.token, b.token))).toEqual({ kind: 'conflict' })
  })
})

describe('the demo host reads the principal cookie', () => {
  let demo: Awaited<ReturnType<typeof startDemo>>
  const extra: Awaited<ReturnType<typeof startDemo>>[] = []
  afterEach(async () => {
    await Promise.all([demo, ...extra.splice(0)].map((server) => server.close()))
  })

  async function get(path: string, cookieHeader?: string, base = demo.base) {
    const response = await fetch(base + path, {
      headers: cookieHeader ? { cookie: cookieHeader } : {},
    })
    const text = await response.text()
    return {
      status: response.status,
      setCookie: response.headers.get('set-cookie'),
      body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    }
  }

  it('answers an API request without a cookie 401 NO_PRINCIPAL, and sets none', async () => {
    demo = await startDemo({ secret: SECRET })
    const reply = await get('/api/sessions')
    expect(reply.status).toBe(401)
    expect(reply.body.error.code).toBe('NO_PRINCIPAL')
    expect(reply.setCookie).toBeNull()
  })

  it('answers a forged cookie 401 PRINCIPAL_INVALID, and sets none', async () => {
    demo = await startDemo({ secret: SECRET })
    const forged = `v1.${'A'.repeat(22)}.${'B'.repeat(43)}`
    for (const value of [forged, 'garbage']) {
      const reply = await get('/api/sessions', cookie(value))
      expect(reply.status).toBe(401)
      expect(reply.body.error.code).toBe('PRINCIPAL_INVALID')
      expect(reply.setCookie).toBeNull()
    }
  })

  it('accepts a valid cookie, and the valid one among garbage duplicates', async () => {
    demo = await startDemo({ secret: SECRET })
    const alice = tokens.mint()
    const created = await fetch(`${demo.base}/api/sessions`, {
      method: 'POST',
      headers: { cookie: cookie(alice.token), 'content-type': 'application/json' },
      body: '{}',
    })
    expect(created.status).toBe(201)
    const { sessionId } = await created.json()
    const alone = await get('/api/sessions', cookie(alice.token))
    expect(alone.status).toBe(200)
    const amid = await get('/api/sessions', cookie('garbage', alice.token, 'v1.x.y'))
    expect(amid.status).toBe(200)
    expect(amid.body.sessions.map((s: { id: string }) => s.id)).toEqual([sessionId])
    expect(amid.setCookie).toBeNull()
  })

  it('refuses two distinct valid cookies with 409 PRINCIPAL_CONFLICT and mints nothing', async () => {
    demo = await startDemo({ secret: SECRET })
    const both = cookie(tokens.mint().token, tokens.mint().token)
    const api = await get('/api/sessions', both)
    expect(api.status).toBe(409)
    expect(api.body.error).toMatchObject({
      code: 'PRINCIPAL_CONFLICT',
      message: expect.stringContaining('cookies'),
    })
    expect(api.setCookie).toBeNull()
    expect((await get('/', both)).setCookie).toBeNull()
    const respond = await fetch(`${demo.base}/api/respond`, {
      method: 'POST',
      headers: { cookie: both, 'content-type': 'application/json' },
      body: '{"rpcId":"x"}',
    })
    expect(respond.status).toBe(401)
  })

  it('mints on a document GET without a cookie: HttpOnly, SameSite=Lax, a year', async () => {
    demo = await startDemo({ secret: SECRET })
    const reply = await get('/')
    const [pair = '', ...attributes] = (reply.setCookie ?? '').split('; ')
    const value = pair.replace(/^parley_principal=/, '')
    expect(tokens.verify(value)).toEqual(expect.any(String))
    expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=31536000', 'Path=/', 'SameSite=Lax'])
    expect((await get('/api/sessions', pair)).status).toBe(200)
  })

  it('never sets a new cookie over a valid one, and replaces a forged one', async () => {
    demo = await startDemo({ secret: SECRET })
    expect((await get('/', cookie(tokens.mint().token))).setCookie).toBeNull()
    expect((await get('/s/anything', cookie(tokens.mint().token))).setCookie).toBeNull()
    expect((await get('/', cookie('forged'))).setCookie).toMatch(/^parley_principal=v1\./)
  })

  it('refuses a token signed with another secret', async () => {
    demo = await startDemo({ secret: SECRET })
    const foreign = createPrincipalTokens('some other secret').mint()
    const reply = await get('/api/sessions', cookie(foreign.token))
    expect(reply.status).toBe(401)
    expect(reply.body.error.code).toBe('PRINCIPAL_INVALID')
  })

  it('accepts a principal minted by another server with the same secret', async () => {
    demo = await startDemo({ secret: SECRET })
    const other = await startDemo({ secret: SECRET })
    extra.push(other)
    const alice = user(demo.base)
    await alice.request('/')
    const there = await get('/api/sessions', alice.cookie, other.base)
    expect(there.status).toBe(200)
    expect(there.setCookie).toBeNull()
    const unrelated = await startDemo()
    extra.push(unrelated)
    expect((await get('/api/sessions', alice.cookie, unrelated.base)).status).toBe(401)
  })

  it('names the cookie __Host-parley_principal and marks it Secure with secureCookies', async () => {
    demo = await startDemo({ secret: SECRET, secureCookies: true })
    const minted = await get('/')
    expect(minted.setCookie).toMatch(/^__Host-parley_principal=v1\.[^;]+; .*Secure/)
    const pair = (minted.setCookie ?? '').split(';')[0] ?? ''
    expect((await get('/api/sessions', pair)).status).toBe(200)
    // The unprefixed name is not this deployment's cookie.
    expect((await get('/api/sessions', pair.replace('__Host-', ''))).status).toBe(401)
  })
})

describe('a secret rotation (PARLEY_SECRET_PREVIOUS)', () => {
  it('still verifies a token the previous secret signed, as the same principal, and re-signs it', () => {
    const old = createPrincipalTokens('the old secret').mint()
    const rotated = createPrincipalTokens('the new secret', ['the old secret'])
    expect(rotated.verify(old.token)).toBe(old.principal)
    expect(rotated.current(old.token)).toBe(false)
    const resigned = rotated.resign(old.principal)
    expect(rotated.current(resigned)).toBe(true)
    expect(createPrincipalTokens('the new secret').verify(resigned)).toBe(old.principal)
    expect(createPrincipalTokens('the new secret').verify(old.token)).toBeNull()
  })
})
