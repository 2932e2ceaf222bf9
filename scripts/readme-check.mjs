#!/usr/bin/env node
// Type-checks every TypeScript code block of the root README, the packages'
// READMEs and docs/*.md against the packages' sources, so that no snippet
// drifts from the API it shows (a renamed export, an option that is gone, an
// argument of the wrong shape). Exits 1 and names `document:line` for each
// problem.
//
// - Each ```ts / ```tsx block becomes one module in .readme-check/blocks/
//   (gitignored), compiled with the repository's strict options.
// - Names a snippet uses but never declares (`questions`, `User`, `app`) are
//   the reader's own code, and so is a parameter's type it leaves out: those
//   diagnostics (READERS_OWN) are not problems, and TypeScript types such a
//   name as `any`, so everything else about the call around it is still
//   checked.
// - A block preceded by `<!-- readme-check: skip (why) -->` is left out (code
//   for a framework the repository does not install, type-checked in the
//   example that does); the script prints how many were.
// - `@parley/*` resolves to packages/* (symlinks in .readme-check/node_modules,
//   through each package's `exports`); the third-party packages a snippet
//   imports resolve from the root or from the package that depends on them. A
//   relative import (`./apps/host/src/server.ts`) is read from the root.
import { spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PACKAGES } from './build-packages.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, '.readme-check')
const SKIP = '<!-- readme-check: skip'
/**
 * The snippet leaves that name (or a parameter's type) to the reader: "Cannot
 * find name", "No value exists in scope for the shorthand property", and
 * "implicitly has an 'any' type" for a parameter or a binding.
 */
const READERS_OWN = new Set([2304, 2552, 2582, 18004, 7006, 7031])

function documents() {
  const found = ['README.md']
  for (const name of PACKAGES) found.push(`packages/${name}/README.md`)
  for (const name of readdirSync(join(root, 'docs')).filter((file) => file.endsWith('.md')))
    found.push(`docs/${name}`)
  return found.filter((path) => existsSync(join(root, path)))
}

/** The TypeScript blocks of one Markdown document, with the line each starts on. */
function blocksOf(path) {
  const blocks = []
  let open = null // the TypeScript block being read
  let other = false // inside a fence of another language
  let previous = ''
  for (const [index, line] of readFileSync(join(root, path), 'utf8').split('\n').entries()) {
    const closing = /^\s*```\s*$/.test(line)
    if (open) {
      if (closing) {
        blocks.push(open)
        open = null
      } else open.lines.push(line)
    } else if (other) other = !closing
    else if (/^\s*```(ts|tsx|typescript)\s*$/.test(line))
      open = { path, line: index + 2, skip: previous.startsWith(SKIP), lines: [] }
    else if (/^\s*```/.test(line)) other = true
    if (line.trim() !== '') previous = line.trim()
  }
  return blocks
}

rmSync(out, { recursive: true, force: true })
mkdirSync(join(out, 'blocks'), { recursive: true })
mkdirSync(join(out, 'node_modules/@parley'), { recursive: true })
for (const name of PACKAGES)
  symlinkSync(join(root, 'packages', name), join(out, 'node_modules/@parley', name), 'dir')
// Third-party packages that only one package depends on.
for (const name of PACKAGES) {
  const modules = join(root, 'packages', name, 'node_modules')
  if (!existsSync(modules)) continue
  for (const entry of readdirSync(modules)) {
    const scoped = entry.startsWith('@')
    for (const pkg of scoped ? readdirSync(join(modules, entry)) : [entry]) {
      const id = scoped ? `${entry}/${pkg}` : pkg
      if (id.startsWith('@parley/') || id.startsWith('.')) continue
      const target = join(out, 'node_modules', id)
      if (existsSync(target) || existsSync(join(root, 'node_modules', id))) continue
      mkdirSync(dirname(target), { recursive: true })
      symlinkSync(join(modules, id), target, 'dir')
    }
  }
}

const files = new Map()
let skipped = 0
for (const path of documents()) {
  for (const [index, block] of blocksOf(path).entries()) {
    if (block.skip) {
      skipped += 1
      continue
    }
    const slug = `${path.replace(/\.md$/, '').replace(/[^a-z0-9]+/gi, '-')}-${index + 1}.tsx`
    // A relative import is read from the repository's root (where the
    // documents say to run such a script).
    const text = block.lines.join('\n').replace(/(from\s+')\.\//g, '$1../../')
    writeFileSync(join(out, 'blocks', slug), `${text}\nexport {}\n`)
    files.set(slug, block)
  }
}

const base = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')).compilerOptions
writeFileSync(
  join(out, 'tsconfig.json'),
  JSON.stringify(
    {
      compilerOptions: {
        ...base,
        noUnusedLocals: false,
        types: ['node'],
        skipLibCheck: true,
      },
      include: ['blocks'],
    },
    null,
    2,
  ),
)

const tsc = spawnSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', out, '--pretty', 'false'],
  { cwd: root, encoding: 'utf8' },
)
if (tsc.error || tsc.status === null) {
  console.error(`readme-check: tsc did not run: ${tsc.error?.message ?? tsc.signal}`)
  process.exit(1)
}
// tsc failed without a single diagnostic (a bad tsconfig, a crash): that is a problem too.
if (tsc.status !== 0 && !/error TS\d+/.test(tsc.stdout)) {
  console.error(`readme-check: tsc exited ${tsc.status}\n${tsc.stdout}${tsc.stderr}`)
  process.exit(1)
}
const problems = []
for (const line of tsc.stdout.split('\n')) {
  const match = /^(.+?)\((\d+),(\d+)\): error TS(\d+): (.*)$/.exec(line)
  if (!match) {
    if (line.trim() && !line.startsWith(' ')) problems.push(line)
    continue
  }
  const [, file, row, , code, message] = match
  if (READERS_OWN.has(Number(code))) continue
  const block = files.get(relative(join(out, 'blocks'), join(root, file)))
  if (!block) {
    problems.push(`${file}(${row}): TS${code} ${message}`)
    continue
  }
  problems.push(`${block.path}:${block.line + Number(row) - 1}: TS${code} ${message}`)
}
for (const problem of problems) console.error(`✗ ${problem}`)
if (problems.length > 0) {
  console.error(`readme-check: ${problems.length} problem(s) in ${files.size} code blocks`)
  process.exit(1)
}
console.log(
  `readme-check: ${files.size} TypeScript blocks type-check (${skipped} skipped, each with its reason)`,
)
