/**
 * B4 heap part, run in its own process with `--expose-gc` (see b4-scale.ts).
 * Prints one JSON line: the heap a pending ask costs beyond one copy of its payload.
 *
 * h0: after gc, with the host and service created and warmed up.
 * h1: after gc, with N request payloads built and held → payload = (h1 − h0) / N.
 * h2: after gc, with the N asks pending and our own references to the
 *     payloads dropped (only the promises kept, as an agent would hold them).
 * Per ask beyond its payload = (h2 − h0) / N − payload: the host may keep one
 * copy of the payload for free; any further copy, index or closure counts.
 */
import { createQuestionHost } from '../packages/host/src/node/index.ts'
import { createUserQuestionService } from '../packages/seam/src/index.ts'
import { questions } from './lib/host.ts'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with node --expose-gc')

const asks = Number(process.argv[2] ?? 10_000)
const sessions = Number(process.argv[3] ?? 1_000)

function heapAfterGc(): number {
  for (let i = 0; i < 4; i++) gc?.()
  return process.memoryUsage().heapUsed
}

const host = createQuestionHost<string>({
  authenticate: () => 'bench',
  canAccess: () => true,
})
const service = createUserQuestionService()
service.registerProvider(host.provider)

// Warm up every code path once (and let it settle) so h0 already holds the compiled code.
for (let i = 0; i < 200; i++) {
  const abort = new AbortController()
  service
    .ask({ questions: questions(i), sessionId: `s${i % 10}`, signal: abort.signal })
    .catch(() => {})
  abort.abort()
}
await new Promise((resolve) => setTimeout(resolve, 50))

const h0 = heapAfterGc()
let payloads: { questions: ReturnType<typeof questions>; sessionId: string }[] | null = []
for (let i = 0; i < asks; i++)
  payloads.push({ questions: questions(i), sessionId: `s${i % sessions}` })
const h1 = heapAfterGc()
const pending: Promise<unknown>[] = new Array(asks)
for (let i = 0; i < asks; i++) pending[i] = service.ask(payloads[i] as (typeof payloads)[number])
payloads = null
const h2 = heapAfterGc()
const pendingCount = host.pending().length

for (const promise of pending) promise.catch(() => {})
host.dispose()

const payloadPerAsk = (h1 - h0) / asks
const perAsk = (h2 - h0) / asks
console.log(
  JSON.stringify({
    asks,
    sessions,
    pendingCount,
    payloadPerAsk,
    perAsk,
    beyond: perAsk - payloadPerAsk,
  }),
)
