import { createClusterApp } from './app.js'
import { ConfigError, configFromEnv } from './config.js'

// One node: DATABASE_URL, PARLEY_SECRET, PORT and the liveness settings are
// read from the environment (see README.md). Run several with different PORTs.
let config: ReturnType<typeof configFromEnv>
try {
  config = configFromEnv(process.env)
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(2)
}

const app = createClusterApp(config)

app.listen().then(
  (port) => console.log(`listening on http://${config.hostname}:${port} as node ${app.nodeId}`),
  (error: unknown) => {
    console.error('could not join the cluster:', error instanceof Error ? error.message : error)
    app.close().finally(() => process.exit(1))
  },
)

// Once: a second signal during the shutdown ends the process at once.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('shutdown failed:', error)
        process.exit(1)
      },
    )
  })
