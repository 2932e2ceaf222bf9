#!/usr/bin/env node
// Builds every published package into its dist/: ESM JavaScript, .d.ts with
// declaration maps, and source maps, with `tsc -p tsconfig.build.json` (each
// package maps the @parley packages it imports to their built declarations,
// so they build in dependency order). The workspace itself keeps resolving
// the packages to source; `pnpm pack` publishes dist (see `publishConfig`).
import { execFileSync } from 'node:child_process'
import { copyFileSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const tsc = join(root, 'node_modules/.bin/tsc')

/** In dependency order. */
export const PACKAGES = [
  'seam',
  'machine',
  'client',
  'tool',
  'host',
  'host-postgres',
  'react',
  'mcp',
  'claude-agent-sdk',
  'openai-agents',
  'langgraph',
]

function files(dir, test) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path, test)
    return test(path) ? [path] : []
  })
}

// tsc rewrites `./x.ts` imports to `./x.js` in JavaScript, not in
// declarations: point the declarations' relative imports at `.js` too, so a
// consumer on any module resolution reads them without allowImportingTsExtensions.
const RELATIVE_TS = /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+?)\.tsx?(['"])/g

function fixDeclarations(dist) {
  for (const file of files(dist, (path) => path.endsWith('.d.ts'))) {
    const text = readFileSync(file, 'utf8')
    const fixed = text.replace(RELATIVE_TS, '$1$2.js$3')
    if (fixed !== text) writeFileSync(file, fixed)
  }
}

export function buildPackage(name) {
  const dir = join(root, 'packages', name)
  const dist = join(dir, 'dist')
  rmSync(dist, { recursive: true, force: true })
  execFileSync(tsc, ['-p', join(dir, 'tsconfig.build.json')], { stdio: 'inherit' })
  fixDeclarations(dist)
  if (name === 'react') copyFileSync(join(dir, 'src/styles.css'), join(dist, 'styles.css'))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.slice(2)
  for (const name of only.length > 0 ? only : PACKAGES) {
    const started = performance.now()
    buildPackage(name)
    console.log(`built @parley/${name} in ${Math.round(performance.now() - started)} ms`)
  }
}
