import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The page is built ahead of time into dist/public, which the Hono server
// serves as static files next to the host's routes.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/public' },
})
