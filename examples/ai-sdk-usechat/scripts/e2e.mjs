#!/usr/bin/env node
// `npm run e2e`: Playwright against the built server on a free port (so this
// example can run next to others), passed to playwright.config.ts as
// PARLEY_E2E_PORT unless one is set already.
import { spawnSync } from 'node:child_process'
import { createServer } from 'node:net'

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
    probe.on('error', reject)
  })
}

const port = process.env.PARLEY_E2E_PORT ?? String(await freePort())
const { status } = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, PARLEY_E2E_PORT: port },
})
process.exit(status ?? 1)
