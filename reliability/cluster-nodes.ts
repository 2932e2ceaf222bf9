import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Liveness } from './cluster-access.ts'
import type { AskRecord } from './cluster-node.ts'

const script = fileURLToPath(new URL('./cluster-node.ts', import.meta.url))
const bundle = fileURLToPath(new URL('../reports/reliability/cluster-node.mjs', import.meta.url))
const pgEntry = createRequire(
  new URL('../packages/host-postgres/package.json', import.meta.url),
).resolve('pg')
let built: Promise<unknown> | undefined

/**
 * Bundles `cluster-node.ts` with esbuild, once per test process: a bundled
 * node boots in about a third of the time tsx takes, and the restart part
 * boots nine. `pg` stays outside the bundle (the node requires it by path).
 */
function buildNode(): Promise<unknown> {
  built ??= build({
    entryPoints: [script],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: bundle,
    logLevel: 'warning',
    // The CommonJS parts of the bundle (ws) call require.
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
    },
  })
  return built
}

/** Every node process this test process started, killed if it exits first. */
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

export interface NodeOptions {
  url: string
  id: string
  channel: string
  liveness: Liveness
}

/** A cluster node in its own process (`cluster-node.ts`), and its control API. */
export interface ChildNode {
  readonly id: string
  /** `127.0.0.1:PORT`, as the host test helpers take it. */
  readonly base: string
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  readonly exited: Promise<number | string>
  /** Everything the process wrote, for a failure message. */
  output(): string
  /** Asks through the node's control API; resolves once the ask is registered, attached or settled. */
  ask(sessionId: string, callId: string, resumeKey?: string): Promise<AskRecord>
  /** The ask's record, as soon as it settled or after `waitMs`. */
  status(askId: string, waitMs?: number): Promise<AskRecord>
  /** Drops every stream of the node (`host.dropStreams()`); resolves with how many. */
  dropStreams(): Promise<number>
  /** Broadcasts an app frame of `type` to `sessionId` (`host.broadcast`). */
  broadcast(sessionId: string, type: string): Promise<void>
  /** How each ask of the node ended, as its agents heard it: printed when SIGTERM stopped it. */
  records(): AskRecord[]
  /** `kill -9`: resolves once the process is gone. */
  kill(): Promise<number | string>
  /** SIGTERM (the node closes its host and leaves the cluster): resolves with the exit code. */
  stop(): Promise<number | string>
}

/** A node process whose code is loaded, waiting to join the cluster. */
export interface BootedNode {
  readonly id: string
  /** Joins the cluster and listens; resolves with the running node. */
  join(timeoutMs?: number): Promise<ChildNode>
  kill(): Promise<number | string>
}

/** Starts a node process and waits until it joined the cluster and listens. */
export async function spawnNode(options: NodeOptions): Promise<ChildNode> {
  return (await bootNode(options)).join()
}

/** Starts a node process and waits until its code is loaded (it joins on `join()`). */
export async function bootNode(options: NodeOptions, timeoutMs = 30_000): Promise<BootedNode> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    PARLEY_DATABASE_URL: options.url,
    PARLEY_NODE_ID: options.id,
    PARLEY_CHANNEL: options.channel,
    PARLEY_LIVENESS: JSON.stringify(options.liveness),
    PARLEY_PG: pgEntry,
  }
  await buildNode()
  const child = spawn(process.execPath, [bundle], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  running.add(child)
  let output = ''
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      resolve(code ?? signal ?? 'unknown')
    }),
  )
  const kill = () => {
    child.kill('SIGKILL')
    return exited
  }
  const watchers = new Set<() => void>()
  const onOutput = (chunk: Buffer) => {
    output += chunk.toString('utf8')
    for (const watch of [...watchers]) watch()
  }
  child.stdout?.on('data', onOutput)
  child.stderr?.on('data', onOutput)
  /** Resolves with the first match of `pattern` in the output. */
  const line = (pattern: RegExp, what: string, ms: number) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL')
        reject(new Error(`node ${options.id} did not ${what}: ${output}`))
      }, ms)
      const watch = () => {
        const found = pattern.exec(output)
        if (!found) return
        clearTimeout(timer)
        watchers.delete(watch)
        resolve(found)
      }
      watchers.add(watch)
      void exited.then((code) => {
        clearTimeout(timer)
        reject(new Error(`node ${options.id} exited (${code}) before it could ${what}: ${output}`))
      })
      watch()
    })
  await line(/ booted\n/, 'boot', timeoutMs)
  return {
    id: options.id,
    kill,
    async join(joinTimeoutMs = 30_000) {
      child.stdin?.write('join\n')
      const found = await line(/ on (\d+)\n/, 'join and listen', joinTimeoutMs)
      return controlled(options.id, `127.0.0.1:${found[1]}`, exited, () => output, kill, child)
    },
  }
}

function controlled(
  id: string,
  base: string,
  exited: Promise<number | string>,
  output: () => string,
  kill: () => Promise<number | string>,
  child: ChildProcess,
): ChildNode {
  async function call(path: string, json?: unknown): Promise<unknown> {
    const response = await fetch(`http://${base}${path}`, {
      ...(json !== undefined && {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(json),
      }),
      signal: AbortSignal.timeout(70_000),
    })
    const body = await response.text()
    if (response.status !== 200) throw new Error(`${id} ${path}: ${response.status} ${body}`)
    return JSON.parse(body)
  }

  return {
    id,
    base,
    exited,
    output,
    records() {
      const found = / records (\[.*\])\n/.exec(output())
      if (!found) return []
      const data: unknown = JSON.parse(found[1] ?? '[]')
      return Array.isArray(data) ? data.map(parseRecord) : []
    },
    ask: async (sessionId, callId, resumeKey) =>
      parseRecord(await call('/control/ask', { sessionId, callId, resumeKey })),
    status: async (askId, waitMs = 0) =>
      parseRecord(await call(`/control/asks/${askId}?waitMs=${waitMs}`)),
    async dropStreams() {
      const reply = await call('/control/drop-streams', {})
      const dropped =
        typeof reply === 'object' && reply !== null ? Reflect.get(reply, 'dropped') : 0
      return typeof dropped === 'number' ? dropped : 0
    },
    async broadcast(sessionId, type) {
      await call('/control/broadcast', { sessionId, type })
    },
    kill,
    stop() {
      child.kill('SIGTERM')
      return exited
    },
  }
}

const HOWS = ['created', 'attached', 'settled'] as const
const STATUSES = ['pending', 'answered', 'rejected'] as const

function oneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value)
}

/** A control API reply, checked field by field. */
function parseRecord(data: unknown): AskRecord {
  const field = (key: string): unknown =>
    typeof data === 'object' && data !== null ? Reflect.get(data, key) : undefined
  const text = (key: string) => {
    const value = field(key)
    return typeof value === 'string' ? value : undefined
  }
  const askId = text('askId')
  const callId = text('callId')
  const how = field('how') ?? null
  const status = field('status')
  if (askId === undefined || callId === undefined || !oneOf(STATUSES, status))
    throw new Error(`not an ask record: ${JSON.stringify(data)}`)
  if (how !== null && !oneOf(HOWS, how))
    throw new Error(`not an ask record: ${JSON.stringify(data)}`)
  const record: AskRecord = { askId, callId, rpcId: text('rpcId') ?? null, how, status }
  if (field('answer') !== undefined) record.answer = field('answer')
  const code = text('code')
  if (code !== undefined) record.code = code
  const cause = text('cause')
  if (cause !== undefined) record.cause = cause
  return record
}

/** A tab's pick among the nodes up now (none while every node is down). */
export function among(nodes: ReadonlySet<ChildNode>) {
  return (random: () => number): ChildNode | undefined => {
    const up = [...nodes]
    return up[Math.floor(random() * up.length)]
  }
}

/** `sync`'s broadcast through child nodes (fire and forget: a failure shows as a timeout). */
export function broadcastThrough(nodes: readonly ChildNode[], sessions: readonly string[]) {
  return (id: string, mark: string): void => {
    const node = nodes.find((candidate) => candidate.id === id)
    for (const sessionId of sessions) node?.broadcast(sessionId, mark).catch(() => {})
  }
}
