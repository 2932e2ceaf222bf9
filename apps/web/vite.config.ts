import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** The demo host (apps/host) serves the API and the mux; `pnpm dev` proxies to it. */
const host = process.env.PARLEY_HOST_URL ?? 'http://127.0.0.1:4173'

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: host, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
})
