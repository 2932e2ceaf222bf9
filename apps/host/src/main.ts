import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDemoServer } from './server.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const port = Number(process.env.PORT ?? 4173)
const host = process.env.HOST ?? '127.0.0.1'
const testApi = process.env.PARLEY_TEST_API === '1'

const demo = createDemoServer({
  webRoot: process.env.PARLEY_WEB_ROOT ?? path.resolve(here, '../../web/dist'),
  testApi,
})

demo.server.listen(port, host, () => {
  console.log(`Parley demo on http://${host}:${port}${testApi ? ' (test API on)' : ''}`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void demo.close().then(() => process.exit(0))
  })
}
