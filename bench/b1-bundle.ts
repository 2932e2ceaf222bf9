/**
 * B1: minified + gzipped size of what an app imports. Every entry is built with
 * the same esbuild settings (ESM, browser, es2022, minify, code splitting so
 * lazy imports become their own chunks, production React), peers external.
 */
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { type Entry, entry } from './lib/results.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Peer dependencies an app already has; never counted. */
const PEERS = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'zustand',
  'zustand/*',
  '@tanstack/react-query',
]

interface Chunk {
  path: string
  isEntry: boolean
  /** Chunks this one imports statically (loaded with it). */
  staticImports: string[]
  inputs: string[]
  min: number
  gzip: number
}

async function chunksOf(entryPoint: string): Promise<Chunk[]> {
  const result = await build({
    entryPoints: [`${root}${entryPoint}`],
    absWorkingDir: root,
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: `${root}bench/.out/b1`,
    write: false,
    metafile: true,
    external: PEERS,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
  const outputs: Metafile['outputs'] = result.metafile.outputs
  return result.outputFiles
    .filter((file) => file.path.endsWith('.js'))
    .map((file) => {
      const key = Object.keys(outputs).find((path) => file.path.endsWith(path))
      const meta = key === undefined ? undefined : outputs[key]
      return {
        path: key ?? file.path,
        // esbuild marks dynamic-import targets as entry points too: match the real entry.
        isEntry: meta?.entryPoint === entryPoint,
        staticImports: (meta?.imports ?? [])
          .filter((imported) => imported.kind === 'import-statement' && !imported.external)
          .map((imported) => imported.path),
        inputs: Object.keys(meta?.inputs ?? {}),
        min: file.contents.length,
        gzip: gzipSync(file.contents, { level: 9 }).length,
      }
    })
}

/** The entry chunk and what it imports statically, transitively; the rest loads on demand. */
function eagerChunks(chunks: Chunk[]): Chunk[] {
  const byPath = new Map(chunks.map((chunk) => [chunk.path, chunk]))
  const eager = new Set<Chunk>()
  const visit = (chunk: Chunk | undefined) => {
    if (!chunk || eager.has(chunk)) return
    eager.add(chunk)
    for (const path of chunk.staticImports) visit(byPath.get(path))
  }
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk)
  return [...eager]
}

const isMarkdown = (chunk: Chunk) => chunk.inputs.some((input) => input.includes('/markdown/'))
const isRe2 = (chunk: Chunk) => chunk.inputs.some((input) => input.includes('/re2js/'))
const sum = (chunks: Chunk[], key: 'min' | 'gzip') =>
  chunks.reduce((total, chunk) => total + chunk[key], 0)
const kb = (bytes: number) => bytes / 1000
const hasZod = (chunks: Chunk[]) =>
  chunks.some((chunk) => chunk.inputs.some((input) => input.includes('/zod/')))

export async function runBundle(): Promise<Entry[]> {
  const composer = await chunksOf('packages/react/src/index.ts')
  const eager = eagerChunks(composer)
  const lazy = composer.filter(isMarkdown)
  const re2 = composer.filter(isRe2)
  const client = (await chunksOf('packages/client/src/index.ts')).filter((chunk) => !isRe2(chunk))
  const zodNote = (chunks: Chunk[]) => (hasZod(chunks) ? '; includes zod' : '')
  return [
    entry({
      name: 'B1.composer.gzip',
      value: kb(sum(eager, 'gzip')),
      unit: 'kB',
      // (20.9 before: issue 26's fixes.)
      // 21.1: issue 30's approval card and previews, and SSR-safe layout effects.
      // 21.3: the takeover rule in the machine and IME compositions in the chat input (issue 28),
      // and the server-gone ending (issue 27); bench/README.md.
      // 21.5: an approval's edit decision, checked before sending (issue 31).
      // 21.52: a lazy view keeps the type it mounted with, so it never remounts (a bug fix).
      // 21.6: ComposerSlot split for the 120-line function rule (its takeover hook, 0.09 kB).
      // 24.7: receipts read with the seam's schema, not a hand-written twin (valibot eager, 2.5 kB),
      // and the card endings in the machine (0.45 kB), issue 28.
      budget: 24.7,
      note: `@parley/react + machine + seam (valibot inside), eager chunks; ${kb(sum(eager, 'min')).toFixed(1)} kB min${zodNote(eager)}`,
    }),
    entry({
      name: 'B1.markdown-chunk.gzip',
      value: kb(sum(lazy, 'gzip')),
      unit: 'kB',
      // 25 → 25.5: the detail's limits (a linear pre-scan, about 0.6 kB), see bench/README.md.
      budget: 25.5,
      note: `lazy chunk(s) loaded for a question with detail (CommonMark + GFM parser); ${kb(sum(lazy, 'min')).toFixed(1)} kB min`,
    }),
    entry({
      name: 'B1.re2-chunk.gzip',
      value: kb(sum(re2, 'gzip')),
      unit: 'kB',
      budget: 47,
      note: `lazy chunk loaded the first time an input.pattern is checked (re2js, the same file for the client); ${kb(sum(re2, 'min')).toFixed(1)} kB min`,
    }),
    entry({
      name: 'B1.client.gzip',
      value: kb(sum(client, 'gzip')),
      unit: 'kB',
      // 10 → 10.4: the host's clock read into every stored time, and restarts found out (issue 27).
      // 10.4 → 10.7: the receipt and app-frame twins removed; the schemas parse them (issue 28).
      budget: 10.7,
      note: `@parley/client + what it uses of seam (valibot inside), every chunk but RE2's; ${kb(sum(client, 'min')).toFixed(1)} kB min${zodNote(client)}`,
    }),
  ]
}
