// Every public entry of the server-side packages loads in plain Node, as an
// adopter's `import` would load it (no bundler, no loader, no flags).
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'

const ENTRIES = {
  '@parley/seam': ['createUserQuestionService', 'validateRequest', 'UserQuestionError'],
  '@parley/seam/wire': ['parseDownlinkFrame', 'parseRespondBody', 'RespondBodySchema'],
  '@parley/host': ['createQuestionHost', 'createMemoryPendingStore', 'REFUSALS'],
  '@parley/host/node': ['createQuestionHost', 'createMemoryPendingStore', 'isAllowedOrigin'],
  '@parley/tool': [
    'createAskUserQuestionTool',
    'formatToolResult',
    'askUserQuestionInputJsonSchema',
  ],
  '@parley/tool/ai-sdk': ['askUserQuestionAiTool'],
  '@parley/mcp': [
    'registerElicitationHandler',
    'createAskUserQuestionMcpServer',
    'humanPacedRequestOptions',
  ],
  '@parley/mcp/node': ['createStreamableHttpHandler', 'serveOverStdio'],
}

/** Imports `specifier` in a fresh `node -e` and lists its exports. */
function exportsOf(specifier) {
  const script = `import(${JSON.stringify(specifier)}).then((m) => console.log(JSON.stringify(Object.keys(m))))`
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }))
}

/** `require`s `specifier` in a fresh CommonJS `node -e` and lists its exports (require(esm), Node ≥ 20.19). */
function requiredExportsOf(specifier) {
  const script = `console.log(JSON.stringify(Object.keys(require(${JSON.stringify(specifier)}))))`
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=commonjs', '-e', script], {
      encoding: 'utf8',
      // The warning Node 20 prints for require(esm) is not this test's business.
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
    }),
  )
}

for (const [specifier, names] of Object.entries(ENTRIES)) {
  test(`node imports ${specifier}`, () => {
    const found = exportsOf(specifier)
    for (const name of names) assert.ok(found.includes(name), `${specifier} exports ${name}`)
  })
  test(`CommonJS requires ${specifier}`, () => {
    const found = requiredExportsOf(specifier)
    for (const name of names) assert.ok(found.includes(name), `${specifier} exports ${name}`)
  })
}

test("every package's engines floor is one where require(esm) needs no flag", () => {
  for (const name of ['seam', 'host', 'tool', 'mcp']) {
    const manifest = JSON.parse(readFileSync(`node_modules/@parley/${name}/package.json`, 'utf8'))
    assert.equal(manifest.engines.node, '>=20.19', `@parley/${name}`)
  }
})

test('the ai installed here is one @parley/tool accepts, on a Node it supports', () => {
  const tool = JSON.parse(readFileSync('node_modules/@parley/tool/package.json', 'utf8'))
  const ai = JSON.parse(readFileSync('node_modules/ai/package.json', 'utf8'))
  assert.equal(tool.peerDependenciesMeta.ai.optional, true)
  assert.match(tool.peerDependencies.ai, /\^6\.0\.0/)
  assert.match(ai.version, /^6\.0\./)
  const floor = Number(/^>=(\d+)/.exec(ai.engines.node)?.[1])
  assert.ok(
    Number(process.versions.node.split('.')[0]) >= floor,
    `ai needs Node ${ai.engines.node}`,
  )
})

// A resolve hook that makes `ai` missing, as in an install without the optional peer.
const WITHOUT_AI = `data:text/javascript,${encodeURIComponent(`
  import { register } from 'node:module'
  register('data:text/javascript,' + encodeURIComponent(\`
    export async function resolve(specifier, context, next) {
      if (specifier === 'ai' || specifier.startsWith('ai/'))
        throw Object.assign(new Error('Cannot find package ai'), { code: 'ERR_MODULE_NOT_FOUND' })
      return next(specifier, context)
    }\`))
`)}`

test('without the optional ai peer, @parley/tool loads and only @parley/tool/ai-sdk needs it', () => {
  const load = (specifier) =>
    execFileSync(
      process.execPath,
      ['--import', WITHOUT_AI, '--input-type=module', '-e', `await import('${specifier}')`],
      {
        encoding: 'utf8',
        stdio: 'pipe',
      },
    )
  load('@parley/tool')
  assert.throws(() => load('@parley/tool/ai-sdk'), /Cannot find package ai/)
})
