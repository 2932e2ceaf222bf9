import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// `npm run dev` proxies the server's routes to the node-server example
// (start it with `npm start` in ../node-server, default port 3000).
const server = process.env.PARLEY_SERVER ?? 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: server, ws: true },
      '/login': server,
      '/agent': server,
    },
  },
})
