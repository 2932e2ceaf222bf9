import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The page is built into dist/public, which the Hono server serves next to
// POST /api/chat. `npm run dev` proxies /api to a server started with
// `npm start` (PARLEY_SERVER, default http://127.0.0.1:3000).
const server = process.env.PARLEY_SERVER ?? 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/public' },
  server: { proxy: { '/api': server } },
})
