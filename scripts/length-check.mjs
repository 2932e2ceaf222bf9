#!/usr/bin/env node
// The house's size rule for the kit's sources (packages/*/src): no file over
// 300 lines, no function over 120 (run by `pnpm lint`). A function is any declaration, expression,
// arrow or method, measured from its first line to its last, nested ones
// included on their own. A reducer's `switch` or a machine's `connect` may be
// longer: those are named in LONG below with their reason, and in their
// package's README. Prints each file or function past its limit and exits 1;
// `--report` prints the longest of each package too, and always exits 0.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = fileURLToPath(new URL('..', import.meta.url))
const FILE_LINES = 300
const FUNCTION_LINES = 120

/** Functions allowed past FUNCTION_LINES, as `path#name`, each with its reason. */
const LONG = new Map([
  [
    'packages/machine/src/composer.connect.ts#connect',
    'a flat list of getters, one per part of the anatomy (packages/machine/README.md, Connect)',
  ],
  [
    'packages/machine/src/composer.connect.question.ts#questionParts',
    "connect's getters of the question on screen, one per part (packages/machine/README.md, Connect)",
  ],
])

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* sources(path)
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield path
  }
}

/** The name a function goes by: its own, its variable's, its property's, or `(anonymous)`. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text
  const parent = node.parent
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)))
    if (ts.isIdentifier(parent.name)) return parent.name.text
  return '(anonymous)'
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node)

/** Every file and function of `path` with its length in lines. */
function measure(path) {
  const text = readFileSync(path, 'utf8')
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  const lineOf = (position) => file.getLineAndCharacterOfPosition(position).line
  const functions = []
  const visit = (node) => {
    if (isFunction(node)) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(file)) + 1
      functions.push({ name: nameOf(node), line: lineOf(node.getStart(file)) + 1, lines })
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return { lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0), functions }
}

const report = process.argv.includes('--report')
const problems = []
const longest = new Map()
for (const pkg of readdirSync(join(root, 'packages'))) {
  const src = join(root, 'packages', pkg, 'src')
  if (!statSync(join(root, 'packages', pkg)).isDirectory()) continue
  let dirOk = true
  try {
    statSync(src)
  } catch {
    dirOk = false
  }
  if (!dirOk) continue
  for (const path of sources(src)) {
    const rel = relative(root, path)
    const { lines, functions } = measure(path)
    if (lines > FILE_LINES) problems.push(`${rel}: ${lines} lines (at most ${FILE_LINES})`)
    for (const fn of functions) {
      const best = longest.get(pkg)
      if (!best || fn.lines > best.lines) longest.set(pkg, { ...fn, rel })
      if (fn.lines > FUNCTION_LINES && !LONG.has(`${rel}#${fn.name}`))
        problems.push(
          `${rel}:${fn.line}: ${fn.name} is ${fn.lines} lines (at most ${FUNCTION_LINES})`,
        )
    }
  }
}
if (report)
  for (const [pkg, fn] of longest)
    console.log(`${pkg}: longest ${fn.rel}:${fn.line} ${fn.name} (${fn.lines} lines)`)
for (const problem of problems) console.log(problem)
if (!report && problems.length > 0) {
  console.log(`length-check: ${problems.length} past the limits`)
  process.exit(1)
}
if (!report)
  console.log('length-check: every file and function of packages/*/src is within its limits')
