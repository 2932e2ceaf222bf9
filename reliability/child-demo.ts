import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'

const main = fileURLToPath(new URL('../apps/host/src/main.ts', import.meta.url))
// tsx is the demo host's own runner (`pnpm start` is `tsx src/main.ts`); its loader runs the .ts in one process.
const loader = createRequire(new URL('../apps/host/package.json', import.meta.url)).resolve('tsx')

/** The demo host as its own process, the way `pnpm start` runs it. */
export interface ChildDemo {
  readonly child: ChildProcess
  readonly base: string
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  readonly exited: Promise<number | string>
  /** Everything the process wrote, for a failure message. */
  output(): string
}

/**
 * Spawns `apps/host/src/main.ts` on `port` and waits for its "Parley demo on"
 * line; `testApi` turns the test API on (`/api/test/ask`).
 */
export async function spawnDemo(
  port: number,
  timeoutMs = 30_000,
  { testApi = false }: { testApi?: boolean } = {},
): Promise<ChildDemo> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PARLEY_WEB_ROOT: '/nonexistent',
  }
  delete env.OPENAI_API_KEY
  delete env.PARLEY_TEST_API
  if (testApi) env.PARLEY_TEST_API = '1'
  const child = spawn(process.execPath, ['--import', pathToFileURL(loader).href, main], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  )
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "Parley demo on" line: ${output}`)),
      timeoutMs,
    )
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (output.includes('Parley demo on')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`the demo exited (${code}) before listening: ${output}`))
    })
  })
  await listening
  return { child, base: `http://127.0.0.1:${port}`, exited, output: () => output }
}
