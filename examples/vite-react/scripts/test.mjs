#!/usr/bin/env node
// `npm test`: type-check, build and answer in Chromium (`npm run check`) twice:
// on the React this package.json pins (19), then on React 18.3 installed over
// it with `--no-save`. React 19 is put back at the end, pass or fail. On each
// React, scripts/ssr-check.mjs runs under `node -e` and must exit by itself.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

const REACT_18 = [
  'react@18.3.1',
  'react-dom@18.3.1',
  '@types/react@18.3.32',
  '@types/react-dom@18.3.7',
]
const SERVER = '../node-server'

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'))
const pinned = readJson('package.json').dependencies.react
const installedReact = () => readJson('node_modules/react/package.json').version

class Failed extends Error {}

/** Runs a command with inherited output; returns its duration in ms or throws `Failed`. */
function run(command, args, env = {}) {
  const started = performance.now()
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (status !== 0) throw new Failed(`${command} ${args.join(' ')} exited with ${status}`)
  return Math.round(performance.now() - started)
}

const newestMtime = (dir) =>
  Math.max(
    ...readdirSync(dir, { recursive: true }).map((name) => statSync(join(dir, name)).mtimeMs),
  )

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
    probe.on('error', reject)
  })
}

/** The end-to-end test serves this build from the node-server example: build it when stale. */
function buildServer() {
  if (!existsSync(join(SERVER, 'node_modules')))
    throw new Failed(`install ${SERVER} first: (cd ${SERVER} && npm install)`)
  const serverJs = join(SERVER, 'dist/server.js')
  if (!existsSync(serverJs) || statSync(serverJs).mtimeMs < newestMtime(join(SERVER, 'src')))
    run('npm', ['--prefix', SERVER, 'run', 'build'])
}

/**
 * Server rendering leaves nothing running: `node -e` with the script's text
 * must exit 0 on its own well before the deadline (a client that connected or
 * scheduled a reconnect would keep it alive until killed).
 */
function ssrCheck() {
  const source = readFileSync('scripts/ssr-check.mjs', 'utf8')
  const started = performance.now()
  const result = spawnSync('node', ['--input-type=module', '-e', source], {
    encoding: 'utf8',
    timeout: 15_000,
  })
  const ms = Math.round(performance.now() - started)
  process.stdout.write(result.stdout)
  process.stderr.write(result.stderr)
  if (result.signal) throw new Failed(`ssr-check did not exit by itself (killed after ${ms} ms)`)
  if (result.status !== 0) throw new Failed(`ssr-check exited with ${result.status}`)
  if (!result.stdout.includes('open handles at exit: none'))
    throw new Failed('ssr-check left handles open')
  console.log(`ssr-check: exited by itself in ${ms} ms`)
}

async function main() {
  buildServer()
  if (installedReact() !== pinned) run('npm', ['install', '--loglevel=error']) // an earlier run stopped on React 18
  const port = String(await freePort())
  const check = (react) => {
    ssrCheck()
    return run('npm', ['run', 'check'], { PARLEY_E2E_PORT: port, PARLEY_EXPECT_REACT: react })
  }
  const timings = []
  try {
    timings.push(`React ${pinned}: ${check(pinned)} ms`)
    const install = run('npm', ['install', '--no-save', '--loglevel=error', ...REACT_18])
    const react18 = installedReact()
    timings.push(`React ${react18}: ${check(react18)} ms (after a ${install} ms install)`)
  } finally {
    if (installedReact() !== pinned) run('npm', ['install', '--loglevel=error'])
    for (const line of timings) console.log(`typecheck + build + e2e on ${line}`)
  }
}

try {
  await main()
} catch (error) {
  if (!(error instanceof Failed)) throw error
  console.error(error.message)
  process.exit(1)
}
