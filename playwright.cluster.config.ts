import { defineConfig } from '@playwright/test'
import { E2E_ADMIN_TOKEN } from './e2e/support/admin-token.ts'
import { nodePorts, proxyOrigin, proxyPort } from './e2e/support/cluster.ts'
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts'

/**
 * The cluster flow: `scripts/demo-cluster.ts` (a throwaway PostgreSQL, three
 * demo host nodes with the test API, a round-robin proxy) on fixed ports.
 * `pnpm test:e2e` runs it after the in-memory flows.
 */
export default defineConfig({
  testDir: 'e2e',
  // The operator's view runs here too: its list and records come from the shared tables.
  testMatch: ['cluster.e2e.ts', 'admin.e2e.ts'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  // As for the in-memory flows: the retry records a trace, and a flaky flow fails the run.
  retries: 1,
  failOnFlakyTests: true,
  // Its own folder: Playwright empties its output folder first, and a failed in-memory
  // flow's trace (run just before) must survive this run.
  outputDir: 'test-results-cluster',
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright-cluster.json' }]],
  use: {
    baseURL: proxyOrigin,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // Recording a trace snapshots the DOM at every action: the squeeze flow took 66 s with it
    // and 12.6 s without. A failing flow's retry records one instead.
    trace: 'on-first-retry',
  },
  webServer: {
    command: `pnpm --filter @parley/web build && PARLEY_TEST_API=1 PARLEY_ADMIN_TOKEN=${E2E_ADMIN_TOKEN} node --import tsx scripts/demo-cluster.ts --port ${proxyPort} --node-ports ${nodePorts.join(',')}`,
    url: `${proxyOrigin}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'pipe',
    // SIGTERM, so the launcher stops its nodes and removes the database (a
    // SIGKILL of the group would leave PostgreSQL, which runs in its own).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
})
