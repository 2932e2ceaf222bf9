import { defineConfig } from '@playwright/test'
import { E2E_ADMIN_TOKEN } from './e2e/support/admin-token.ts'
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts'

const port = Number(process.env.E2E_PORT ?? 4174)
const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  // Needs the cluster: playwright.cluster.config.ts runs it.
  testIgnore: 'cluster.e2e.ts',
  // A flow drives a real browser against a real host and runs axe on every state it
  // checks (2–4 s each on two loaded cores): 60 s per flow, 10 s for a condition to hold.
  // Measured: flows that take 12–18 s quiet took 28–32 s beside a second suite.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // A flow that fails gets one more run only to record its trace (below); a flow that
  // passes on it still fails the run (failOnFlakyTests), so no retry hides a flake.
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // Recording a trace snapshots the DOM at every action: the squeeze flow took 66 s with it
    // and 12.6 s without. A failing flow's retry records one instead.
    trace: 'on-first-retry',
  },
  webServer: {
    // The demo host with the test API and the operator's view on, serving the freshly built web app.
    command: `pnpm --filter @parley/web build && PORT=${port} PARLEY_TEST_API=1 PARLEY_ADMIN_TOKEN=${E2E_ADMIN_TOKEN} pnpm --filter @parley/demo-host start`,
    url: `${baseURL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'pipe',
  },
})
