import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts'

const root = path.dirname(fileURLToPath(import.meta.url))

/** React 18.3, installed by scripts/compat.mjs into compat/react18 (outside the workspace). */
const react18 = path.join(root, 'compat/react18/node_modules')
const REACT_18_ALIASES = [
  { find: /^react$/, replacement: `${react18}/react/index.js` },
  { find: /^react\/(.*)$/, replacement: `${react18}/react/$1.js` },
  { find: /^react-dom$/, replacement: `${react18}/react-dom/index.js` },
  { find: /^react-dom\/(.*)$/, replacement: `${react18}/react-dom/$1.js` },
  // Its CommonJS main would require React 19 past the aliases: take its ES module.
  {
    find: /^@testing-library\/react$/,
    replacement: path.join(
      root,
      'node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
    ),
  },
]

/**
 * The jsdom projects drive whole React trees with user-event, some through a
 * real AI SDK stream (ai-sdk.test.tsx: about 1 s of CPU for one flow on a
 * quiet machine); 5 s left no room for a loaded one.
 */
const JSDOM_TEST_TIMEOUT = 15_000
/**
 * The browser projects drive a real Chromium (stories with play functions, lazy
 * chunks), one test file at a time in one page (fileParallelism: false): a
 * second page would only share the same two cores with the Vite server.
 */
const BROWSER_TEST_TIMEOUT = 30_000

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
    // Sized for two cores, shared on purpose. The projects run in groups
    // (sequence.groupOrder): node and reliability first (two workers; their
    // files mostly wait on sockets, PostgreSQL and timers), then the two jsdom
    // projects (two workers, CPU-bound), then each browser project on its own
    // (one Chromium page), so no group asks for more than the machine has and a
    // run with one busy process beside it slows down evenly instead of timing
    // out. The type tests run last, as Vitest puts them.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          sequence: { groupOrder: 0 },
          include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
          typecheck: { enabled: true, include: ['packages/*/test/**/*.test-d.ts'] },
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability',
          environment: 'node',
          sequence: { groupOrder: 0 },
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
          sequence: { groupOrder: 1 },
          testTimeout: JSDOM_TEST_TIMEOUT,
          include: ['packages/*/test/**/*.test.tsx', 'apps/*/test/**/*.test.tsx'],
          exclude: ['**/*.browser.test.tsx'],
          setupFiles: ['./packages/react/test/setup.ts'],
        },
      },
      {
        // The same React behaviour tests against React 18.3 (the lowest React
        // @parley/react supports): react and react-dom are aliased to 18.3.1,
        // (compat/react18, a plain npm install, so react-dom 18's own require
        // of react is React 18), and the libraries that import React are
        // inlined so they get it too.
        extends: true,
        resolve: { alias: REACT_18_ALIASES },
        test: {
          name: 'jsdom-react18',
          environment: 'jsdom',
          sequence: { groupOrder: 1 },
          testTimeout: JSDOM_TEST_TIMEOUT,
          include: ['packages/*/test/**/*.test.tsx', 'apps/*/test/**/*.test.tsx'],
          exclude: ['**/*.browser.test.tsx', 'packages/react/test/react-version.test.tsx'],
          setupFiles: ['./packages/react/test/setup.ts'],
          server: {
            deps: {
              inline: [
                /@testing-library/,
                /zustand/,
                /@tanstack/,
                /use-sync-external-store/,
                /@ai-sdk\/react/,
                /swr/,
              ],
            },
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          sequence: { groupOrder: 2 },
          testTimeout: BROWSER_TEST_TIMEOUT,
          include: ['packages/*/test/**/*.browser.test.tsx', 'apps/*/test/**/*.browser.test.tsx'],
          setupFiles: ['./packages/react/test/setup.ts'],
          browser: browser('browser'),
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(root, '.storybook') })],
        test: {
          name: 'storybook',
          sequence: { groupOrder: 3 },
          testTimeout: BROWSER_TEST_TIMEOUT,
          fileParallelism: false,
          browser: browser('storybook'),
        },
      },
    ],
  },
})
