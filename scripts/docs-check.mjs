#!/usr/bin/env node
// `pnpm docs:check`: no document says a paragraph or list item twice, word
// for word or in two versions. Every README, SECURITY.md and docs/*.md is
// parsed as Markdown (the mdast parser the kit's detail uses, with GFM
// tables); each paragraph and each list item's own text (nested lists are
// items of their own) of 12 words or more is compared with every other one
// in the same document:
// - the same words in the same order: said twice;
// - 80 % or more of the shorter one's distinct words (leaving out the small
//   words every sentence has) are in the longer one, and they share at least
//   10 of them: two versions of one thing.
// Code, tables and headings are not prose and are left out. Exits 1 and
// lists every pair found.
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
// The parser is a dependency of @parley/react; resolved from there.
const require = createRequire(join(root, 'packages/react/package.json'))
const { fromMarkdown } = require('mdast-util-from-markdown')
const { gfmTable } = require('micromark-extension-gfm-table')
const { gfmTableFromMarkdown } = require('mdast-util-gfm-table')

const MIN_WORDS = 12
const SHARED = 0.8
const MIN_SHARED_WORDS = 10

function documents() {
  const found = ['README.md', 'SECURITY.md']
  const folder = (dir, pick) =>
    readdirSync(join(root, dir), { withFileTypes: true })
      .filter(pick)
      .map((entry) => entry.name)
  for (const name of folder('docs', (e) => e.isFile() && e.name.endsWith('.md')))
    found.push(`docs/${name}`)
  for (const dir of ['packages', 'apps', 'examples'])
    for (const name of folder(dir, (e) => e.isDirectory()))
      if (folder(`${dir}/${name}`, (e) => e.name === 'README.md').length > 0)
        found.push(`${dir}/${name}/README.md`)
  for (const dir of ['bench', 'reliability'])
    if (folder(dir, (e) => e.name === 'README.md').length > 0) found.push(`${dir}/README.md`)
  return found
}

/** The text of a node, code spans and link text included, without nested lists. */
function textOf(node) {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value
  if (node.type === 'list' || node.type === 'code' || node.type === 'table') return ''
  return (node.children ?? []).map(textOf).join(node.type === 'listItem' ? '\n' : '')
}

/** Every paragraph outside list items, and every list item, with its line. */
function blocks(tree) {
  const out = []
  const visit = (node, inItem) => {
    if (node.type === 'listItem') {
      out.push({ line: node.position.start.line, text: textOf(node) })
      for (const child of node.children) visit(child, true)
      return
    }
    if (node.type === 'paragraph' && !inItem)
      out.push({ line: node.position.start.line, text: textOf(node) })
    if (node.type === 'table' || node.type === 'code' || node.type === 'heading') return
    for (const child of node.children ?? []) visit(child, inItem)
  }
  visit(tree, false)
  return out
}

/** Words too common to say two paragraphs are about the same thing. */
const SMALL = new Set(
  'a an and are as at be by for from has have in is it its no not of on or so such that the then this to was when with'.split(
    ' ',
  ),
)

const wordsOf = (text) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu) ?? []

function compare(a, b) {
  if (a.words.join(' ') === b.words.join(' ')) return 'said twice'
  const [small, large] = a.set.size <= b.set.size ? [a.set, b.set] : [b.set, a.set]
  let shared = 0
  for (const word of small) if (large.has(word)) shared++
  return shared >= MIN_SHARED_WORDS && shared / small.size >= SHARED
    ? `two versions (${Math.round((100 * shared) / small.size)} % of the words shared)`
    : null
}

const problems = []
for (const path of documents()) {
  const tree = fromMarkdown(readFileSync(join(root, path), 'utf8'), {
    extensions: [gfmTable()],
    mdastExtensions: [gfmTableFromMarkdown()],
  })
  const prose = blocks(tree)
    .map((block) => ({ ...block, words: wordsOf(block.text) }))
    .filter((block) => block.words.length >= MIN_WORDS)
    .map((block) => ({ ...block, set: new Set(block.words.filter((word) => !SMALL.has(word))) }))
  for (let i = 0; i < prose.length; i++)
    for (let j = i + 1; j < prose.length; j++) {
      const a = prose[i]
      const b = prose[j]
      const found = compare(a, b)
      if (found)
        problems.push(
          `${relative(root, join(root, path))}:${a.line} and :${b.line}: ${found}\n    "${a.text.slice(0, 90).replace(/\s+/g, ' ')}…"\n    "${b.text.slice(0, 90).replace(/\s+/g, ' ')}…"`,
        )
    }
}

if (problems.length > 0) {
  console.error(`docs-check: ${problems.length} paragraphs said twice:\n${problems.join('\n')}`)
  process.exit(1)
}
console.log(`docs-check: ${documents().length} documents, no paragraph said twice`)
