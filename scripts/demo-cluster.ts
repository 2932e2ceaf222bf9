/**
 * `pnpm demo:cluster`: the demo as a cluster. Starts a throwaway PostgreSQL,
 * three demo host nodes on it (same `PARLEY_SECRET`, generated unless set;
 * their own `PORT`s) and a round-robin proxy in front of them, then prints
 * the proxy's URL. Ctrl-C (or SIGTERM) stops the proxy, the nodes and the
 * database, and removes the database's folder. The web app is built by the
 * package script before this runs.
 *
 *   node --import tsx scripts/demo-cluster.ts [--port 4180] [--nodes 3] [--node-ports 4181,4182,4183]
 *
 * Run it with tsx as a loader, not with the `tsx` command: that command
 * passes a signal on to its child and SIGKILLs the child when it has not
 * acknowledged the signal within 30 ms, which on a busy machine cuts this
 * launcher short before it stopped PostgreSQL. The nodes are started the
 * same way.
 *
 * `PORT` is the proxy's port when `--port` is not given; `PARLEY_TEST_API=1`
 * and the other demo variables pass through to every node.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startRoundRobinProxy } from './round-robin-proxy.ts'
import { freePort, startThrowawayPostgres } from './throwaway-postgres.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const main = path.join(root, 'apps/host/src/main.ts')
const STARTUP_MS = 60_000
const STOP_MS = 8_000

interface ClusterNode {
  name: string
  url: string
  child: ChildProcess
  exited: Promise<number | null>
}

function options() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      nodes: { type: 'string', default: '3' },
      'node-ports': { type: 'string' },
    },
  })
  const port = Number(values.port ?? process.env.PORT ?? 4180)
  const count = Number(values.nodes)
  const nodePorts = values['node-ports']?.split(',').map(Number)
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be a port number, not ${values.port ?? process.env.PORT}.`)
  if (!Number.isInteger(count) || count < 1 || count > 16)
    throw new Error('--nodes must be a whole number from 1 to 16.')
  if (nodePorts && (nodePorts.length !== count || nodePorts.some((p) => !Number.isInteger(p))))
    throw new Error(`--node-ports must list ${count} port numbers, separated by commas.`)
  return { port, count, nodePorts }
}

/** Prefixes each line a node prints with its name. */
function relay(name: string, stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) {
  let rest = ''
  stream?.setEncoding('utf8')
  stream?.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n')
    rest = lines.pop() ?? ''
    for (const line of lines) out.write(`[${name}] ${line}\n`)
  })
}

function startNode(name: string, port: number, env: NodeJS.ProcessEnv): ClusterNode {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PARLEY_NODE_ID: name },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a Ctrl-C reaches only this launcher, which
    // stops each node once (a second signal would cut a node's leaving short).
    detached: true,
  })
  relay(name, child.stdout, process.stdout)
  relay(name, child.stderr, process.stderr)
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { name, url: `http://127.0.0.1:${port}`, child, exited }
}

/** Resolves once the node answers its front page; rejects if it exits first. */
async function whenServing(node: ClusterNode): Promise<void> {
  let gone = false
  void node.exited.then(() => {
    gone = true
  })
  const deadline = Date.now() + STARTUP_MS
  while (Date.now() < deadline) {
    if (gone) throw new Error(`${node.name} exited before it served (see its lines above).`)
    try {
      const response = await fetch(`${node.url}/`)
      await response.body?.cancel()
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  throw new Error(`${node.name} did not serve within ${STARTUP_MS / 1000} s.`)
}

/** SIGTERM (the node closes: its asks settle, it leaves the cluster), then SIGKILL if it hangs. */
async function stopNode(node: ClusterNode): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return
  node.child.kill('SIGTERM')
  const timer = setTimeout(() => node.child.kill('SIGKILL'), STOP_MS)
  await node.exited
  clearTimeout(timer)
}

async function run(): Promise<void> {
  const { port, count, nodePorts } = options()
  const secret = process.env.PARLEY_SECRET || randomBytes(32).toString('base64url')
  const database = await startThrowawayPostgres()
  const nodes: ClusterNode[] = []
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>> | undefined
  let stopping: Promise<void> | undefined

  const stop = () => {
    stopping ??= (async () => {
      await proxy?.close()
      await Promise.all(nodes.map(stopNode))
      try {
        database.stop()
      } catch (error) {
        console.error('Stopping PostgreSQL failed (its folder is removed anyway):', error)
      }
    })()
    return stopping
  }
  // `on`, not `once`: a wrapper (pnpm) may pass the same signal on again.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (!stopping) console.log('\nStopping the cluster…')
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      )
    })
  // The last resort if this process ends any other way: nothing is left running.
  process.once('exit', () => {
    for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL')
    try {
      database.stop()
    } catch {
      // Already stopped, or nothing more to do while exiting.
    }
  })

  try {
    const env = { PARLEY_DATABASE_URL: database.url, PARLEY_SECRET: secret }
    for (let i = 0; i < count; i++)
      nodes.push(startNode(`node-${i + 1}`, nodePorts?.[i] ?? (await freePort()), env))
    await Promise.all(nodes.map(whenServing))
    proxy = await startRoundRobinProxy(
      nodes.map((node) => node.url),
      { port },
    )
  } catch (error) {
    await stop()
    throw error
  }
  for (const node of nodes)
    void node.exited.then((code) => {
      if (!stopping) console.warn(`${node.name} exited (${code}); the proxy skips it.`)
    })

  console.log(`\nParley cluster: ${count} nodes on one PostgreSQL, behind a round-robin proxy.`)
  for (const node of nodes) console.log(`  ${node.name}  ${node.url}  (pid ${node.child.pid})`)
  console.log(`\n  Open ${proxy.url}   (Ctrl-C stops everything)\n`)
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
