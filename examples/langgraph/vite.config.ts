import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The page is built ahead of time into dist/public, which the Node server
// serves next to Parley's routes and /api/run.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/public' },
})
