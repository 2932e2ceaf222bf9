import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts'

const root = path.dirname(fileURLToPath(import.meta.url))

/** Vitest browser mode on Debian's Chromium; each project names its instance. */
const browser = (name: string) => ({
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
  instances: [{ browser: 'chromium' as const, name: `${name} (chromium)` }],
})

export default defineConfig({
  plugins: [react()],
  // Pre-bundled up front so a cold cache (CI, a fresh clone) never reloads
  // mid-run with "Vite unexpectedly reloaded" in the browser projects.
  optimizeDeps: {
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'zustand',
      'zustand/vanilla',
      'zustand/react/shallow',
      '@tanstack/react-query',
      'valibot',
    ],
  },
  test: {
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
          typecheck: { enabled: true, include: ['packages/*/test/**/*.test-d.ts'] },
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['reliability/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'jsdom',
          environment: 'jsdom',
          include: ['packages/*/test/**/*.test.tsx', 'apps/*/test/**/*.test.tsx'],
          exclude: ['**/*.browser.test.tsx'],
          setupFiles: ['./packages/react/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['packages/*/test/**/*.browser.test.tsx'],
          setupFiles: ['./packages/react/test/setup.ts'],
          browser: browser('browser'),
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(root, '.storybook') })],
        test: {
          name: 'storybook',
          browser: browser('storybook'),
        },
      },
    ],
  },
})
