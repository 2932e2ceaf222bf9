import { principal, startDemo } from '../demo.ts'
import { countsOf } from '../ledger.ts'
import { SEED, seededRandom } from '../scale.ts'
import { openMuxSocket } from '../streams.ts'
import { cookieValue, randomToken, tamper } from './forgery.ts'
import { inWaves } from './kit.ts'
import { call, type Hostile, SIZE } from './support.ts'

/** Contract 3: missing, forged, tampered, duplicated, conflicting and cross-site principal cookies. */
export async function cookieVariants({ demo, ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  const alice = await principal(demo.base)
  const bob = await principal(demo.base)
  const aliceSession = await alice.newSession()
  const token = cookieValue(alice.cookie)
  const random = seededRandom(SEED)
  const forgedTokens = [
    randomToken(random, 22),
    randomToken(random, 43),
    randomToken(random, token.length),
    tamper(token, 0),
    tamper(token, token.length >> 1),
    tamper(token, token.length - 1),
  ]

  const bare = await Promise.all([
    call(demo.base, '/api/sessions'),
    call(demo.base, '/api/sessions', { json: {} }),
    call(demo.base, `/api/sessions/${aliceSession}`),
  ])
  v.hold(
    'no cookie on an API route: 401 and no set-cookie',
    bare.map((reply) => reply.status === 401 && !reply.headers.has('set-cookie')),
    bare.map((reply) => `${reply.status} set-cookie:${reply.headers.has('set-cookie')}`),
  )

  const forged = await Promise.all(
    forgedTokens.map(async (value) => {
      const cookie = `parley_principal=${value}`
      const list = await call(demo.base, '/api/sessions', { cookie })
      const read = await call(demo.base, `/api/sessions/${aliceSession}`, { cookie })
      const mux = openMuxSocket(demo.base, cookie, demo.base)
      const muxStatus = await mux.opened
      mux.close()
      return { list, read, muxStatus }
    }),
  )
  v.hold(
    'forged or tampered token: 401, no set-cookie, no sessions (list, transcript, mux)',
    forged.map(
      ({ list, read, muxStatus }) =>
        list.status === 401 &&
        !list.headers.has('set-cookie') &&
        read.status === 401 &&
        !read.headers.has('set-cookie') &&
        muxStatus === 401 &&
        !JSON.stringify(list.body).includes(aliceSession),
    ),
    forged.map(({ list, read, muxStatus }) => [list.status, read.status, muxStatus]),
  )

  const duplicates = ['garbage', tamper(token, token.length >> 1)].flatMap((garbage) => [
    `parley_principal=${garbage}; ${alice.cookie}`,
    `${alice.cookie}; parley_principal=${garbage}`,
  ])
  const duplicated = await Promise.all(
    duplicates.map((cookie) => call(demo.base, '/api/sessions', { cookie })),
  )
  v.hold(
    'valid + garbage duplicate (both orders): the valid principal',
    duplicated.map(
      (reply) =>
        reply.status === 200 &&
        reply.body.sessions?.some((session: { id: string }) => session.id === aliceSession),
    ),
    duplicated.map((reply) => reply.status),
  )

  const conflicts = await Promise.all(
    [`${alice.cookie}; ${bob.cookie}`, `${bob.cookie}; ${alice.cookie}`].map((cookie) =>
      call(demo.base, '/api/sessions', { cookie }),
    ),
  )
  v.hold(
    'two distinct valid tokens: 409 PRINCIPAL_CONFLICT',
    conflicts.map(
      (reply) => reply.status === 409 && reply.body?.error?.code === 'PRINCIPAL_CONFLICT',
    ),
    conflicts.map((reply) => [reply.status, reply.body]),
  )

  const documentLoad = await call(demo.base, '/', { cookie: alice.cookie })
  v.hold(
    'document GET / with a valid cookie sets no new cookie',
    !documentLoad.headers.has('set-cookie'),
    documentLoad.headers.get('set-cookie'),
  )
  const minted = (await call(demo.base, '/')).headers.get('set-cookie') ?? ''
  v.hold(
    'a minted cookie is SameSite=Lax and HttpOnly',
    /;\s*samesite=lax\b/i.test(minted) && /;\s*httponly\b/i.test(minted),
    minted,
  )

  const navigation = await call(demo.base, '/', {
    cookie: alice.cookie,
    origin: null,
    headers: {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
      referer: 'https://news.example/article',
    },
  })
  const afterNavigation = await call(demo.base, '/api/sessions', { cookie: alice.cookie })
  v.hold(
    'top-level navigation from another site keeps the identity and its sessions',
    !navigation.headers.has('set-cookie') &&
      afterNavigation.status === 200 &&
      afterNavigation.body.sessions?.some((s: { id: string }) => s.id === aliceSession),
    { setCookie: navigation.headers.get('set-cookie'), sessions: afterNavigation.status },
  )
  ledger.figure('cookie variants: forged tokens tried', forgedTokens.length)
  ledger.figure('cookie variants: duplicate orders tried', duplicates.length)
  v.settle()
}

/** Contract 3: a token is accepted by a server with the same secret and refused under another. */
export async function signingSecret({ ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  const [first, twin, stranger] = await Promise.all([
    startDemo({ secret: 'hostile-suite-secret-one' }),
    startDemo({ secret: 'hostile-suite-secret-one' }),
    startDemo({ secret: 'hostile-suite-secret-two' }),
  ])
  try {
    const visitor = await principal(first.base)
    const onTwin = await call(twin.base, '/api/sessions', { cookie: visitor.cookie })
    const onStranger = await call(stranger.base, '/api/sessions', { cookie: visitor.cookie })
    v.hold('same secret: the token is accepted (200)', onTwin.status === 200, onTwin.status)
    v.hold(
      'different secret: the token is refused (401, no set-cookie)',
      onStranger.status === 401 && !onStranger.headers.has('set-cookie'),
      [onStranger.status, onStranger.headers.get('set-cookie')],
    )
  } finally {
    await Promise.all([first.close(), twin.close(), stranger.close()])
  }
  v.settle()
}

/** Contract 4: a fresh forged cookie per POST does not buy a fresh rate-limit bucket. */
export async function rotatingForgeries({ ledger }: Hostile): Promise<void> {
  const v = ledger.verdict()
  const limited = await startDemo()
  try {
    const random = seededRandom(SEED + 1)
    const started = Date.now()
    const replies = await inWaves(
      Array.from({ length: SIZE.forgedPosts }, () =>
        randomToken(random, 22 + Math.floor(random() * 22)),
      ),
      100,
      (value) =>
        call(limited.base, '/api/sessions', { cookie: `parley_principal=${value}`, json: {} }),
    )
    const statuses = replies.map((reply) => reply.status)
    const refused = statuses.filter((status) => status === 429).length
    ledger.figure('rotating forged cookies: POST /api/sessions sent', replies.length)
    ledger.figure('rotating forged cookies: statuses seen', countsOf(statuses))
    ledger.figure('rotating forged cookies: duration (ms)', Date.now() - started)
    v.hold(
      'every forged POST refused: 401 or 429, none created a session',
      statuses.every((status) => status === 401 || status === 429),
      countsOf(statuses),
    )
    v.hold('429s appear once the burst is spent', refused > 0, countsOf(statuses))
    v.hold(
      'each 429 carries retry-after and RATE_LIMITED',
      replies
        .filter((reply) => reply.status === 429)
        .every(
          (reply) =>
            Number(reply.headers.get('retry-after')) >= 1 &&
            reply.body?.error?.code === 'RATE_LIMITED',
        ),
    )
    await limited.assertAlive()
  } finally {
    await limited.close()
  }
  v.settle()
}
