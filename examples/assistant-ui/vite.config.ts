import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  // assistant-ui's primitives and runtime are most of the one chunk (about 250 kB gzip).
  build: { chunkSizeWarningLimit: 1000 },
})
