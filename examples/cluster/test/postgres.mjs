// A throwaway PostgreSQL for the test: initdb into a temporary folder, start
// it on a free port with fsync off, and remove it all in stop(). The server
// refuses to run as root, so as root every command runs as `postgres`.
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = '/usr/lib/postgresql'

/** The newest `/usr/lib/postgresql/<version>/bin` that has initdb. */
function binaries() {
  const versions = existsSync(ROOT)
    ? readdirSync(ROOT).filter((version) => existsSync(join(ROOT, version, 'bin', 'initdb')))
    : []
  versions.sort((a, b) => Number(b) - Number(a))
  if (versions.length === 0)
    throw new Error(`No PostgreSQL server under ${ROOT}: apt-get install -y postgresql`)
  return join(ROOT, versions[0], 'bin')
}

/** A port nobody listens on at this moment. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

const asRoot = process.getuid?.() === 0

function run(bin, args) {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]
  try {
    execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 })
  } catch (error) {
    throw new Error(`${bin} ${args[0]} failed: ${error.stderr ?? error.message}`)
  }
}

function idOf(flag) {
  return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
}

/** Starts a cluster; resolves with `{ url, stop() }`. `stop()` is synchronous and idempotent. */
export async function startPostgres() {
  const bin = binaries()
  const dir = mkdtempSync(join(tmpdir(), 'parley-example-pg-'))
  const data = join(dir, 'data')
  let running = false
  const stop = () => {
    try {
      if (running) run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'])
    } finally {
      running = false
      rmSync(dir, { recursive: true, force: true })
    }
  }
  try {
    if (asRoot) chownSync(dir, idOf('-u'), idOf('-g'))
    const port = await freePort()
    run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'parley', '--no-sync'])
    const options = `-k ${dir} -c listen_addresses=127.0.0.1 -p ${port} -c fsync=off -c synchronous_commit=off`
    running = true
    run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', 'start', '-o', options])
    return { url: `postgres://parley@127.0.0.1:${port}/postgres`, stop }
  } catch (error) {
    try {
      stop()
    } catch {
      // the first failure is the one to report
    }
    throw error
  }
}
