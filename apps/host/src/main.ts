import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDemoServer } from './server.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const port = Number(process.env.PORT ?? 4173)
const host = process.env.HOST ?? '127.0.0.1'
const testApi = process.env.PARLEY_TEST_API === '1'

const apiKey = process.env.OPENAI_API_KEY
const demo = createDemoServer({
  webRoot: process.env.PARLEY_WEB_ROOT ?? path.resolve(here, '../../web/dist'),
  testApi,
  // A real model drives the agent only when a key is set; otherwise the scripted agent does.
  model: apiKey
    ? {
        apiKey,
        baseURL: process.env.OPENAI_BASE_URL,
        model: process.env.PARLEY_MODEL ?? 'gpt-4o-mini',
      }
    : undefined,
})

demo.server.listen(port, host, () => {
  const agent = apiKey ? 'a real model' : 'the scripted agent'
  console.log(
    `Parley demo on http://${host}:${port} with ${agent}${testApi ? ' (test API on)' : ''}`,
  )
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void demo.close().then(() => process.exit(0))
  })
}
