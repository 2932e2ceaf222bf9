import type { PostgresCoordinatorOptions } from '@parley/host-postgres'

/** Everything a node reads from its environment. */
export interface ClusterConfig {
  /** `DATABASE_URL`: the PostgreSQL every node shares. */
  databaseUrl: string
  /** `PARLEY_SECRET`: signs and verifies bearer tokens; the same on every node. */
  secret: string
  /** `PORT` (0 picks a free one) and `HOST`. */
  port: number
  hostname: string
  /**
   * `ALLOWED_HOSTS` (comma-separated): host names the node answers to
   * besides the loopback ones, for the host's routes and `/agent/ask`
   * (a load balancer's public name, say). Others get 403 (DNS rebinding).
   */
  allowedHosts: readonly string[]
  /**
   * `PARLEY_SECRET` (it signs the doorbells too), `PARLEY_SECRET_PREVIOUS`,
   * `PARLEY_NODE_ID`, `PARLEY_HEARTBEAT_MS`, `PARLEY_DEAD_AFTER_MS`,
   * `PARLEY_RECHECK_MS`, `PARLEY_REATTACH_GRACE_MS`, `PARLEY_MIGRATE`.
   */
  coordinator: Omit<PostgresCoordinatorOptions, 'pool'>
}

export class ConfigError extends Error {}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]
  if (!value) throw new ConfigError(`${name} is required.`)
  return value
}

function integer(env: NodeJS.ProcessEnv, name: string, min: number): number | undefined {
  const value = env[name]
  if (value === undefined || value === '') return undefined
  const number = Number(value)
  if (!Number.isSafeInteger(number) || number < min)
    throw new ConfigError(`${name} must be an integer ≥ ${min}, not ${JSON.stringify(value)}.`)
  return number
}

/** Reads and checks the environment; throws `ConfigError` naming the variable at fault. */
export function configFromEnv(env: NodeJS.ProcessEnv): ClusterConfig {
  const secret = required(env, 'PARLEY_SECRET')
  if (secret.length < 16) throw new ConfigError('PARLEY_SECRET must be at least 16 characters.')
  const coordinator: ClusterConfig['coordinator'] = { secret }
  const previous = env.PARLEY_SECRET_PREVIOUS
  if (previous) coordinator.previousSecrets = previous.split(',').filter(Boolean)
  if (env.PARLEY_NODE_ID) coordinator.nodeId = env.PARLEY_NODE_ID
  const heartbeatMs = integer(env, 'PARLEY_HEARTBEAT_MS', 10)
  const deadAfterMs = integer(env, 'PARLEY_DEAD_AFTER_MS', 10)
  const recheckMs = integer(env, 'PARLEY_RECHECK_MS', 10)
  const reattachGraceMs = integer(env, 'PARLEY_REATTACH_GRACE_MS', 0)
  if (heartbeatMs !== undefined) coordinator.heartbeatMs = heartbeatMs
  if (deadAfterMs !== undefined) coordinator.deadAfterMs = deadAfterMs
  if (recheckMs !== undefined) coordinator.recheckMs = recheckMs
  if (reattachGraceMs !== undefined) coordinator.reattachGraceMs = reattachGraceMs
  const migrate = env.PARLEY_MIGRATE
  if (migrate === 'false' || migrate === '0') coordinator.migrate = false
  else if (migrate && migrate !== 'true' && migrate !== '1')
    throw new ConfigError(`PARLEY_MIGRATE must be true or false, not ${JSON.stringify(migrate)}.`)
  const beat = coordinator.heartbeatMs ?? 2_000
  const dead = coordinator.deadAfterMs ?? 6_000
  if (dead <= beat)
    throw new ConfigError(
      `PARLEY_DEAD_AFTER_MS (${dead}) must be longer than PARLEY_HEARTBEAT_MS (${beat}), or live nodes are reaped.`,
    )
  return {
    databaseUrl: required(env, 'DATABASE_URL'),
    secret,
    port: integer(env, 'PORT', 0) ?? 3000,
    hostname: env.HOST || '127.0.0.1',
    allowedHosts: [
      'localhost',
      '127.0.0.1',
      '[::1]',
      ...(env.ALLOWED_HOSTS?.split(',').map((name) => name.trim()) ?? []),
    ].filter(Boolean),
    coordinator,
  }
}
