import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { MIN_ADMIN_TOKEN_LENGTH } from './admin/admin-api.ts'
import { joinCluster } from './cluster/join.ts'
import { createDemoServer, DEFAULT_SERVER_LIMITS } from './server.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const port = Number(process.env.PORT ?? 4173)
const host = process.env.HOST ?? '127.0.0.1'
const testApi = process.env.PARLEY_TEST_API === '1'
const secret = process.env.PARLEY_SECRET || undefined
// A rotation: the secrets that signed cookies before PARLEY_SECRET, comma-separated, newest first.
const previousSecrets = (process.env.PARLEY_SECRET_PREVIOUS ?? '').split(',').filter(Boolean)
const databaseUrl = process.env.PARLEY_DATABASE_URL || undefined

if (databaseUrl && !secret) {
  console.error(
    'PARLEY_DATABASE_URL is set, so this node would join a cluster, but PARLEY_SECRET is not.\n' +
      'Set PARLEY_SECRET to the same value on every node (for example `openssl rand -base64 32`):\n' +
      'each node verifies the identity cookies and session ids the others signed with it.',
  )
  process.exit(1)
}

// The operator's view (`/admin`): off unless a token is set.
const adminToken = process.env.PARLEY_ADMIN_TOKEN || undefined
if (adminToken && !/^[\x21-\x7e]+$/.test(adminToken)) {
  console.error('PARLEY_ADMIN_TOKEN may hold printable ASCII only, without spaces.')
  process.exit(1)
}
if (adminToken && adminToken.length < MIN_ADMIN_TOKEN_LENGTH) {
  console.error(
    `PARLEY_ADMIN_TOKEN is shorter than ${MIN_ADMIN_TOKEN_LENGTH} characters.\n` +
      'Use a long random one (for example `openssl rand -base64 32`): it opens every question on record.',
  )
  process.exit(1)
}

const nodeId = process.env.PARLEY_NODE_ID || undefined
// Comma-separated host names the demo answers to besides the loopback ones (`*`: any).
const extraHosts = process.env.PARLEY_ALLOWED_HOSTS?.split(',').map((name) => name.trim())
const allowedHosts = extraHosts?.includes('*')
  ? false
  : extraHosts && ['localhost', '127.0.0.1', '[::1]', ...extraHosts.filter(Boolean)]
const backend =
  databaseUrl && secret
    ? await joinCluster({ databaseUrl, secret, previousSecrets, nodeId }).catch(
        (error: unknown) => {
          console.error(`Could not join the cluster at PARLEY_DATABASE_URL: ${String(error)}`)
          process.exit(1)
        },
      )
    : undefined

const apiKey = process.env.OPENAI_API_KEY
const demo = createDemoServer({
  backend,
  allowedHosts,
  webRoot: process.env.PARLEY_WEB_ROOT ?? path.resolve(here, '../../web/dist'),
  testApi,
  // A tab that "connects forever" is usually refused here: say why, once per refusal.
  onMuxRefused: ({ status, code, reason, transport, request }) =>
    console.warn(
      `[parley] refused a ${transport === 'probe' ? 'mux probe' : `${transport} mux connection`}: ${status} ${code} ${reason} (Origin ${request.headers.get('origin') ?? 'none'}, Host ${request.headers.get('host') ?? 'none'})`,
    ),
  secret,
  previousSecrets,
  adminToken,
  // A real model drives the agent only when a key is set; otherwise the scripted agent does.
  model: apiKey
    ? {
        apiKey,
        baseURL: process.env.OPENAI_BASE_URL,
        model: process.env.PARLEY_MODEL ?? 'gpt-4o-mini',
      }
    : undefined,
})

if (!secret)
  console.log(
    'PARLEY_SECRET is not set: identities are signed with a random secret and will not survive a restart.',
  )

// A cluster node serves nothing before its host joined the cluster.
await demo.ready.catch(async (error: unknown) => {
  console.error(`This node could not join the cluster: ${String(error)}`)
  await demo.close().catch(() => {})
  process.exit(1)
})
demo.server.listen(port, host, () => {
  const agent = apiKey ? 'a real model' : 'the scripted agent'
  const mode = backend ? ', a cluster node' : ''
  console.log(
    `Parley demo on http://${host}:${port} with ${agent}${mode}${testApi ? ' (test API on)' : ''}${adminToken ? '; the operator’s view is at /admin' : ''}`,
  )
})

// close() cuts what is left after the grace; if even that hangs, give up with 1.
const HARD_DEADLINE_MS = DEFAULT_SERVER_LIMITS.shutdownGraceMs + 2_000

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    setTimeout(() => {
      console.error(`The demo did not close within ${HARD_DEADLINE_MS} ms; exiting.`)
      process.exit(1)
    }, HARD_DEADLINE_MS).unref()
    demo.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Closing the demo failed:', error)
        process.exit(1)
      },
    )
  })
}
