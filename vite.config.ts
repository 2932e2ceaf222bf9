import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  test: {
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
          name: 'jsdom',
          environment: 'jsdom',
          include: ['packages/*/test/**/*.test.tsx', 'apps/*/test/**/*.test.tsx'],
          exclude: ['**/*.browser.test.tsx'],
          setupFiles: ['./packages/react/test/setup.ts'],
        },
      },
    ],
  },
})
