import { builtinModules } from 'node:module'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'
import { describe, expect, it } from 'vitest'

// An edge-like target: esbuild's `neutral` platform, everything bundled, and
// no Node built-in available. The host core must build; the Node entry must not.

const entry = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url))
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]))

/** Fails the build on any import of a Node built-in, and records it. */
function noNodeBuiltins(seen: string[]): Plugin {
  return {
    name: 'no-node-builtins',
    setup(context) {
      context.onResolve({ filter: /.*/ }, ({ path, importer }) => {
        if (!builtins.has(path) && !path.startsWith('node:')) return undefined
        seen.push(path)
        return { errors: [{ text: `${path} is a Node built-in (imported by ${importer})` }] }
      })
    },
  }
}

async function bundle(path: string) {
  const seen: string[] = []
  const result = await build({
    entryPoints: [entry(path)],
    bundle: true,
    write: false,
    platform: 'neutral',
    format: 'esm',
    target: 'es2022',
    mainFields: ['module', 'main'],
    conditions: ['worker', 'browser', 'import', 'default'],
    logLevel: 'silent',
    plugins: [noNodeBuiltins(seen)],
  }).then(
    (output) => ({ ok: true as const, text: output.outputFiles[0]?.text ?? '' }),
    (error: Error) => ({ ok: false as const, message: error.message }),
  )
  return { ...result, seen }
}

describe('an edge-like build (esbuild --platform=neutral, no Node built-ins)', () => {
  it('bundles @parley/host with its dependencies and imports nothing of Node', async () => {
    const result = await bundle('index.ts')
    expect(result.seen).toEqual([])
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.text).toContain('createQuestionHost')
    expect(result.text).not.toMatch(/from\s*["']node:/)
  })

  it('refuses @parley/host/node, which needs http and ws', async () => {
    const result = await bundle('node/index.ts')
    expect(result.ok).toBe(false)
    expect(result.seen).toContain('node:http')
  })
})
