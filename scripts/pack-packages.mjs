#!/usr/bin/env node
// Builds the published packages, packs each with `pnpm pack` into .tarballs/
// (pnpm applies `publishConfig` and rewrites `workspace:*`), and checks every
// tarball: only dist/, README, LICENSE, CHANGELOG and package.json inside (no
// tests, stories or sources), `publint --strict`, and
// `@arethetypeswrong/cli` with its default profile (see below). Exits 1 on any problem.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildPackage, PACKAGES } from './build-packages.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, '.tarballs')
const bin = (name) => join(root, 'node_modules/.bin', name)
const ALLOWED =
  /^package\/(dist\/.+\.(js|d\.ts|js\.map|d\.ts\.map|css)|README\.md|LICENSE|CHANGELOG\.md|package\.json)$/

const run = (file, args, cwd = root) =>
  execFileSync(file, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

let problems = 0
const fail = (message) => {
  problems += 1
  console.error(`✗ ${message}`)
}

// packages/ holds the kit and nothing else: every folder there is one of
// PACKAGES and public, so `pnpm -r --filter './packages/*' pack` packs exactly
// what this script packs (the demo's private packages live under apps/).
const folders = readdirSync(join(root, 'packages')).filter((name) =>
  existsSync(join(root, 'packages', name, 'package.json')),
)
for (const name of folders) {
  const manifest = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'))
  if (manifest.private) fail(`packages/${name} is private: private packages belong under apps/`)
  else if (!PACKAGES.includes(name))
    fail(
      `packages/${name} is not in PACKAGES (scripts/build-packages.mjs): it would not be built or packed`,
    )
}
for (const name of PACKAGES)
  if (!folders.includes(name))
    fail(`PACKAGES names ${name}, but packages/${name} has no package.json`)

rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
for (const name of PACKAGES) buildPackage(name)
// The pnpm running this script (`pnpm run pack:check`; a script or a native
// binary), else the pinned one through npx.
const execPath = process.env.npm_execpath ?? ''
const pnpm = !execPath.includes('pnpm')
  ? ['npx', ['-y', 'pnpm@12.4.2']]
  : /\.[cm]?js$/.test(execPath)
    ? [process.execPath, [execPath]]
    : [execPath, []]
for (const name of PACKAGES) {
  const dir = join(root, 'packages', name)
  run(pnpm[0], [...pnpm[1], 'pack', '--pack-destination', out], dir)
}

for (const tarball of readdirSync(out).filter((file) => file.endsWith('.tgz'))) {
  const path = join(out, tarball)
  const entries = run('tar', ['-tzf', path]).trim().split('\n')
  const stray = entries.filter((entry) => !ALLOWED.test(entry))
  if (stray.length > 0) fail(`${tarball} ships ${stray.join(', ')}`)
  const manifest = JSON.parse(run('tar', ['-xzOf', path, 'package/package.json']))
  if (JSON.stringify(manifest).includes('workspace:')) fail(`${tarball} still says workspace:`)
  try {
    run(bin('publint'), ['--strict', path])
  } catch (error) {
    fail(`publint --strict ${tarball}\n${error.stdout}${error.stderr}`)
  }
  try {
    // attw's default profile: node10 (through `main`, `types` and
    // `typesVersions`), node16 from CJS and from ESM, and bundler. The packages
    // are ES modules only, and `engines` says Node ≥ 20.19, where `require()`
    // of an ES module needs no flag (TypeScript ≥ 5.8 allows it under
    // `module: node20`/`nodenext`), so a CommonJS consumer resolving to ESM is
    // how they are meant to load: `cjs-resolves-to-esm` is the one rule
    // ignored. A dual build would give CommonJS and ESM consumers two copies
    // of the seam's service, each with its own active provider.
    // A stylesheet has no types to resolve: attw checks the code entry points.
    run(bin('attw'), [
      path,
      '--ignore-rules',
      'cjs-resolves-to-esm',
      '--exclude-entrypoints',
      'styles.css',
    ])
  } catch (error) {
    fail(`attw ${tarball}\n${error.stdout}${error.stderr}`)
  }
  console.log(`${tarball}: ${entries.length} files`)
}
if (problems > 0) {
  console.error(`${problems} problem(s) in packages/ or the tarballs`)
  process.exit(1)
}
console.log(`${PACKAGES.length} tarballs in .tarballs/, publint and attw clean`)
