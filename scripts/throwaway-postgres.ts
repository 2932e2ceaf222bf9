/**
 * A throwaway PostgreSQL cluster for tests, benchmarks and `pnpm demo:cluster`:
 * `initdb` into a temporary folder, `pg_ctl start` on a free port (as the
 * `postgres` user when running as root, since the server refuses root), and a
 * `stop()` that removes everything. `PARLEY_TEST_DATABASE_URL` skips it all.
 */
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface ThrowawayPostgres {
  /** `postgres://parley@127.0.0.1:PORT/postgres` */
  readonly url: string
  /** Stops the server (fast shutdown) and removes its folder; a no-op for an external URL. */
  stop(): void
}

/** The folder of Debian's PostgreSQL binaries, the newest version installed. */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  const newest = versions[0]
  if (newest === undefined)
    throw new Error('PostgreSQL is not installed: apt-get install -y postgresql')
  return join(root, newest, 'bin')
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0

function run(bin: string, args: string[]): void {
  const [command, argv] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', bin, ...args]]
    : [bin, args]
  execFileSync(command, argv, { stdio: ['ignore', 'ignore', 'pipe'] })
}

/** Starts a throwaway cluster (about 0.7 s), or uses `PARLEY_TEST_DATABASE_URL` when set. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const external = process.env.PARLEY_TEST_DATABASE_URL
  if (external) return { url: external, stop() {} }
  const bin = postgresBin()
  const dir = mkdtempSync(join(tmpdir(), 'parley-pg-'))
  if (isRoot()) chownSync(dir, uidOf('postgres'), gidOf('postgres'))
  const data = join(dir, 'data')
  const port = await freePort()
  run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'parley', '--no-sync'])
  run(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
    '-o',
    `-k ${dir} -c listen_addresses=127.0.0.1 -p ${port} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
  ])
  let stopped = false
  return {
    url: `postgres://parley@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return
      stopped = true
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim())
}

function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim())
}
