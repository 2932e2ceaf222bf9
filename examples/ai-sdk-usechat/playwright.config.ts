import { defineConfig, devices } from '@playwright/test'
import { BASE_URL, PORT } from './e2e/env'

// Debian's Chromium; Playwright's own browser download is not used.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.e2e.ts',
  outputDir: 'test-results',
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    launchOptions: { executablePath, args },
    trace: 'retain-on-failure',
  },
  // The built server (`npm run build`): the page and POST /api/chat.
  webServer: {
    command: 'node dist/server/main.js',
    url: `${BASE_URL}/`,
    reuseExistingServer: false,
    timeout: 20_000,
    env: { PORT: String(PORT), HOST: '127.0.0.1' },
  },
})
