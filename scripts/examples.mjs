#!/usr/bin/env node
// Runs every example under examples/ (each folder whose package.json has a
// `test` script) against freshly packed tarballs, the way an adopter would:
// `npm install`, then `npm test`, each timed. Writes reports/examples.json
// ({ passed, failed, skipped } and one entry per example) for
// scripts/summary.mjs and exits 1 if any example failed.
//
// - Packs first (`flock /tmp/parley-pack.lock node scripts/pack-packages.mjs`)
//   unless every tarball is newer than every file of packages/*/src and
//   packages/*/package.json.
// - Installs every example before testing any (vite-react's test serves its
//   build from node-server), three installs at a time; then tests in two
//   lanes (see FIRST_LANE). Each step's output goes to reports/examples/ and is
//   printed whole when the step ends. Installs and tests hold the pack lock
//   shared, so nobody repacks .tarballs/ under a running install.
// - Each example's package.json names @parley/* by version range, as an
//   adopter writes it. For the run, linkExample() points every @parley/*
//   dependency at its tarball (`file:../../.tarballs/…`) and adds the same
//   specs as `overrides`, for the packages the example gets only through
//   another (npm refuses an override that differs from a direct dependency's
//   spec, so the direct ones are rewritten). The original package.json is put
//   back when the run ends, also on Ctrl-C. `--link` only links every chosen
//   example and leaves it so (to run npm by hand inside one); `--unlink` puts
//   them all back.
// - No lockfile (`--no-package-lock`, and each example's .npmrc): a tarball's
//   integrity changes with every build. Third-party versions are pinned exactly
//   in each package.json instead. Without a lockfile npm keeps an installed
//   file: tarball that changed, so node_modules/@parley is removed first.
// - PARLEY_EXAMPLES=node-server,vite-react runs only those; the rest count
//   as skipped.
import { spawn, spawnSync } from 'node:child_process'
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PACKAGES } from './build-packages.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const LOCK = '/tmp/parley-pack.lock'
const examplesDir = join(root, 'examples')
const tarballs = join(root, '.tarballs')
const logs = join(root, 'reports/examples')

function run(args, cwd) {
  const started = performance.now()
  const { status } = spawnSync(args[0], args.slice(1), { cwd, stdio: 'inherit' })
  return { ok: status === 0, ms: Math.round(performance.now() - started) }
}

/**
 * Runs one step with its output kept in reports/examples/, and prints that
 * output whole when the step ends, so two steps at once never interleave.
 */
function runLogged(title, args, cwd) {
  const started = performance.now()
  const file = join(logs, `${title.replace(/[^a-z0-9-]+/gi, '-')}.log`)
  const out = openSync(file, 'w')
  return new Promise((resolve) => {
    const child = spawn(args[0], args.slice(1), { cwd, stdio: ['ignore', out, out] })
    const finish = (code) => {
      closeSync(out)
      const ms = Math.round(performance.now() - started)
      const ok = code === 0
      console.log(`\nexamples: ${title} (${ok ? 'ok' : 'FAILED'}, ${(ms / 1000).toFixed(1)} s)`)
      process.stdout.write(readFileSync(file, 'utf8'))
      resolve({ ok, ms })
    }
    child.on('error', (error) => {
      writeSync(out, `${error.message}\n`)
      finish(1)
    })
    child.on('close', finish)
  })
}

/** Calls `work` on every item, at most `limit` at a time. */
async function inParallel(items, limit, work) {
  const queue = [...items]
  const worker = async () => {
    while (queue.length > 0) await work(queue.shift())
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

const KIT = PACKAGES.map((name) => {
  const { version } = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'))
  return { name: `@parley/${name}`, spec: `file:../../.tarballs/parley-${name}-${version}.tgz` }
})
const manifestOf = (name) => join(examplesDir, name, 'package.json')
const originalOf = (name) => join(examplesDir, name, 'package.json.parley-original')

/**
 * What is wrong with how the example's own package.json names @parley/*: an
 * adopter's names a version range, never a path into this repository.
 */
function manifestProblems(name) {
  const file = existsSync(originalOf(name)) ? originalOf(name) : manifestOf(name)
  const manifest = JSON.parse(readFileSync(file, 'utf8'))
  const problems = []
  for (const field of ['dependencies', 'devDependencies'])
    for (const [pkg, spec] of Object.entries(manifest[field] ?? {}))
      if (pkg.startsWith('@parley/') && !/^[\^~]?\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec))
        problems.push(`${pkg} is "${spec}", not a version range`)
  if (manifest.overrides) problems.push('has "overrides": the runner adds them for its run')
  return problems
}

/** Points the example's @parley/* at the tarballs; the original is kept beside it. */
function linkExample(name) {
  if (existsSync(originalOf(name))) return
  const text = readFileSync(manifestOf(name), 'utf8')
  const manifest = JSON.parse(text)
  for (const field of ['dependencies', 'devDependencies'])
    for (const { name: pkg, spec } of KIT) if (manifest[field]?.[pkg]) manifest[field][pkg] = spec
  manifest.overrides = {
    ...manifest.overrides,
    ...Object.fromEntries(KIT.map(({ name: pkg, spec }) => [pkg, spec])),
  }
  writeFileSync(originalOf(name), text)
  writeFileSync(manifestOf(name), `${JSON.stringify(manifest, null, 2)}\n`)
}

/** Puts the example's own package.json back, if linkExample() replaced it. */
function unlinkExample(name) {
  if (!existsSync(originalOf(name))) return
  writeFileSync(manifestOf(name), readFileSync(originalOf(name)))
  rmSync(originalOf(name))
}

function newestMtime(dir) {
  let newest = 0
  for (const name of readdirSync(dir, { recursive: true })) {
    const { mtimeMs } = statSync(join(dir, name))
    if (mtimeMs > newest) newest = mtimeMs
  }
  return newest
}

function tarballsAreFresh() {
  const files = PACKAGES.map((name) => join(tarballs, `parley-${name}-0.1.0.tgz`))
  if (!files.every((file) => existsSync(file))) return false
  const oldestTarball = Math.min(...files.map((file) => statSync(file).mtimeMs))
  const newestSource = Math.max(
    ...PACKAGES.flatMap((name) => [
      newestMtime(join(root, 'packages', name, 'src')),
      statSync(join(root, 'packages', name, 'package.json')).mtimeMs,
    ]),
  )
  return oldestTarball > newestSource
}

function discover() {
  if (!existsSync(examplesDir)) return []
  return readdirSync(examplesDir)
    .filter((name) => {
      const manifest = join(examplesDir, name, 'package.json')
      if (!existsSync(manifest)) return false
      return typeof JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test === 'string'
    })
    .sort()
}

const all = discover()
const only = process.env.PARLEY_EXAMPLES?.split(',')
  .map((name) => name.trim())
  .filter(Boolean)
const unknown = (only ?? []).filter((name) => !all.includes(name))
if (unknown.length > 0) {
  console.error(
    `PARLEY_EXAMPLES names no example: ${unknown.join(', ')} (found: ${all.join(', ')})`,
  )
  process.exit(1)
}
const chosen = only ? all.filter((name) => only.includes(name)) : all

if (process.argv.includes('--unlink')) {
  for (const name of all) unlinkExample(name)
  console.log("examples: every package.json is the example's own again")
  process.exit(0)
}
if (process.argv.includes('--link')) {
  for (const name of chosen) linkExample(name)
  console.log(`examples: ${chosen.join(', ')} install @parley/* from .tarballs/ until --unlink`)
  process.exit(0)
}

const results = all.map((name) => ({
  name,
  status: chosen.includes(name) ? 'pending' : 'skipped',
  installMs: null,
  testMs: null,
}))

mkdirSync(logs, { recursive: true })
let packMs = 0
if (chosen.length > 0) {
  if (tarballsAreFresh())
    console.log('examples: the tarballs are fresher than every package source')
  else {
    const pack = run(['flock', LOCK, 'node', 'scripts/pack-packages.mjs'], root)
    packMs = pack.ms
    if (!pack.ok) {
      console.error('examples: packing failed')
      process.exit(1)
    }
  }
}

for (const result of results.filter((entry) => entry.status === 'pending')) {
  const problems = manifestProblems(result.name)
  if (problems.length === 0) linkExample(result.name)
  else {
    for (const problem of problems) console.error(`examples: ${result.name}: ${problem}`)
    result.status = 'failed'
  }
}
const unlinkAll = () => {
  for (const result of results) unlinkExample(result.name)
}
process.on('exit', unlinkAll)
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
])
  process.on(signal, () => {
    unlinkAll()
    process.exit(code)
  })

// Installs run three at a time: they wait on the registry and the disk more
// than on the two cores, and npm's cache is safe to share between them.
await inParallel(
  results.filter((entry) => entry.status === 'pending'),
  3,
  async (result) => {
    const cwd = join(examplesDir, result.name)
    rmSync(join(cwd, 'node_modules/@parley'), { recursive: true, force: true })
    const install = await runLogged(
      `${result.name}: npm install`,
      ['flock', '-s', LOCK, 'npm', 'install', '--no-audit', '--no-fund', '--no-package-lock'],
      cwd,
    )
    result.installMs = install.ms
    if (!install.ok) result.status = 'failed'
  },
)

// Tests run in two lanes at once. node-server and vite-react share the first,
// in that order: vite-react's test builds node-server when its build is stale,
// so the two must never build at once. openai-agents and langgraph (one small
// build and a few Chromium runs each) follow them there, since the second lane
// already holds the heavy ones (next-app's build, the Claude CLI, the cluster).
// Every other example runs in the second, in name order.
const FIRST_LANE = ['node-server', 'vite-react', 'openai-agents', 'langgraph']
const pending = results.filter((entry) => entry.status === 'pending')
const lanes = [
  FIRST_LANE.flatMap((name) => pending.filter((entry) => entry.name === name)),
  pending.filter((entry) => !FIRST_LANE.includes(entry.name)),
]
await Promise.all(
  lanes.map(async (lane) => {
    for (const result of lane) {
      const test = await runLogged(
        `${result.name}: npm test`,
        ['flock', '-s', LOCK, 'npm', 'test'],
        join(examplesDir, result.name),
      )
      result.testMs = test.ms
      result.status = test.ok ? 'passed' : 'failed'
    }
  }),
)

const count = (status) => results.filter((entry) => entry.status === status).length
const report = {
  passed: count('passed'),
  failed: count('failed'),
  skipped: count('skipped'),
  packMs,
  examples: results,
}
mkdirSync(join(root, 'reports'), { recursive: true })
writeFileSync(join(root, 'reports/examples.json'), `${JSON.stringify(report, null, 2)}\n`)

const seconds = (ms) => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} s`)
console.log(`\nexamples (pack ${seconds(packMs)}):`)
for (const entry of results)
  console.log(
    `  ${entry.name.padEnd(16)} ${entry.status.padEnd(8)} install ${seconds(entry.installMs).padStart(7)}  test ${seconds(entry.testMs).padStart(7)}`,
  )
console.log(`${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped`)
process.exit(report.failed > 0 ? 1 : 0)
