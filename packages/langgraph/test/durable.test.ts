import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { answerBody, post, readyTab } from '../../host/test/helpers.ts'
import { TEST_SECRET, useCluster } from '../../host-postgres/test/cluster.ts'

const cluster = useCluster()
const AGENT = fileURLToPath(new URL('./durable-agent.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const running = new Set<ChildProcess>()
afterEach(() => {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
})

/** Starts the agent process on the cluster's database; `output` is everything it printed. */
function startAgent(nodeId: string, threadId: string) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', AGENT], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: cluster.url,
      PARLEY_SECRET: TEST_SECRET,
      CHANNEL: cluster.channel,
      NODE_ID: nodeId,
      THREAD_ID: threadId,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += String(chunk)
  })
  child.stderr?.on('data', (chunk) => {
    output += String(chunk)
  })
  const exited = once(child, 'exit').then(([code, signal]) => ({ code, signal, output }))
  return { child, exited }
}

async function resumedRows(threadId: string) {
  const { rows } = await cluster.admin.query<{ colour: string; pid: number }>(
    'SELECT colour, pid FROM resumed WHERE thread = $1',
    [threadId],
  )
  return rows
}

describe('a LangGraph agent killed while a Parley question waits', () => {
  it('resumes after a restart with the answer given while it was down, exactly once', async () => {
    const answerer = await cluster.start('answerer')
    const tab = await readyTab(answerer.base, { sessions: ['s1'] })
    const threadId = 'thread-restart'

    const first = startAgent('agent-1', threadId)
    const [requested] = await Promise.race([
      tab.count('question/requested'),
      first.exited.then(({ output }) => {
        throw new Error(`the agent exited before asking:\n${output}`)
      }),
    ])
    const rpcId = String(requested?.rpcId)
    first.child.kill('SIGKILL')
    expect(await first.exited).toMatchObject({ signal: 'SIGKILL' })

    // Answered in "the browser" (the respond route of a host on its own) while no agent runs.
    const answer = { answers: [{ id: 'colour', selected: ['Green'] }] }
    expect((await post(answerer.base, answerBody(rpcId, 's1', answer))).json).toEqual({
      accepted: true,
    })
    expect(await resumedRows(threadId)).toEqual([])

    const second = startAgent('agent-2', threadId)
    const ended = await second.exited
    expect(ended.code, ended.output).toBe(0)
    const printed = JSON.parse(ended.output.trim().split('\n').at(-1) ?? '{}')
    expect(printed.done).toEqual({ colour: 'Green' })
    const rows = await resumedRows(threadId)
    expect(rows).toEqual([{ colour: 'Green', pid: printed.pid }])
    // No second card: the restarted agent re-attached by its resumeKey.
    expect(tab.of('question/requested').map((frame) => frame.rpcId)).toEqual([rpcId])
    tab.close()
  }, 90_000)
})
