import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startDemo, user } from './harness.ts'

let demo: Awaited<ReturnType<typeof startDemo>>
beforeEach(async () => {
  demo = await startDemo()
})
afterEach(async () => {
  await demo.close()
})

/** A frame as the harness's mux gives it. */
type Frame = Awaited<ReturnType<Awaited<ReturnType<ReturnType<typeof user>['openMux']>>['next']>>

async function say(u: ReturnType<typeof user>, sessionId: string, text: string) {
  const sent = await u.request(`/api/sessions/${sessionId}/messages`, {
    method: 'POST',
    json: { text },
  })
  expect(sent.status).toBe(202)
}

const answerTo = (frame: Frame, label: string) => ({
  rpcId: frame.rpcId,
  sessionId: frame.sessionId,
  result: { ok: true, answer: { answers: [{ id: frame.questions[0].id, selected: [label] }] } },
})

const agentSaid = (pattern: RegExp) => (frame: Frame) =>
  frame.type === 'chat/event' && frame.event.role === 'agent' && pattern.test(frame.event.text)

describe('/team: a planner and two subagents ask at once', () => {
  it('asks three questions in three names, the docs writer with a deadline', async () => {
    const alice = user(demo.base)
    const sessionId = await alice.newSession()
    const mux = await alice.openMux()
    await mux.next((f) => f.type === 'mux/ready')
    await say(alice, sessionId, '/team 30')
    const asked: Frame[] = []
    for (let n = 0; n < 3; n++)
      asked.push(await mux.next((f) => f.type === 'question/requested' && !asked.includes(f)))
    expect(asked.map((frame) => frame.asker)).toEqual([
      { name: 'Planner' },
      {
        name: 'Test writer',
        parents: ['Planner'],
        reason: 'to set up the test suite for the release',
      },
      { name: 'Docs writer', parents: ['Planner'], reason: 'to write the release notes' },
    ])
    for (const [frame, label] of [
      [asked[0], '2.0'],
      [asked[1], 'Jest'],
      [asked[2], 'The docs site'],
    ] as const) {
      const receipt = await alice.request('/api/respond', {
        method: 'POST',
        json: answerTo(frame as Frame, label),
      })
      expect(receipt.body).toEqual({ accepted: true })
    }
    const summary = await mux.next(agentSaid(/The test writer: Jest/))
    expect(summary.event.text).toBe(
      'The release: 2.0. The test writer: Jest. The docs writer: The docs site.',
    )
    const rows = (await alice.request(`/api/sessions/${sessionId}`)).body.events.filter(
      (event: Frame) => event.kind === 'tool',
    )
    expect(rows.map((row: Frame) => row.asker)).toEqual([
      undefined,
      'Planner › Test writer',
      'Planner › Docs writer',
    ])
    mux.close()
  })

  it('refuses the subagents when the chat says /subagents off, and routes them again after on', async () => {
    const alice = user(demo.base)
    const sessionId = await alice.newSession()
    const mux = await alice.openMux()
    await mux.next((f) => f.type === 'mux/ready')
    await say(alice, sessionId, '/subagents off')
    await mux.next(agentSaid(/no longer ask you directly/))
    await say(alice, sessionId, '/team')
    const planner = await mux.next((f) => f.type === 'question/requested')
    expect(planner.asker).toEqual({ name: 'Planner' })
    await alice.request('/api/respond', {
      method: 'POST',
      json: answerTo(planner, '1.4 (Recommended)'),
    })
    const summary = await mux.next(agentSaid(/may not ask you directly here/))
    expect(summary.event.text).toContain(
      'The test writer may not ask you directly here, so I chose Vitest for it.',
    )
    expect(mux.frames.filter((f) => f.type === 'question/requested')).toEqual([])
    const failed = (await alice.request(`/api/sessions/${sessionId}`)).body.events.filter(
      (event: Frame) => event.kind === 'tool' && event.status === 'failed',
    )
    expect(failed.map((row: Frame) => [row.asker, row.code])).toEqual([
      ['Planner › Test writer', 'DELEGATED_CALLER'],
      ['Planner › Docs writer', 'DELEGATED_CALLER'],
    ])

    await say(alice, sessionId, '/subagents on')
    await mux.next(agentSaid(/may now ask you directly/))
    await say(alice, sessionId, '/team')
    const again: Frame[] = []
    for (let n = 0; n < 3; n++)
      again.push(await mux.next((f) => f.type === 'question/requested' && !again.includes(f)))
    expect(again.map((frame) => frame.asker.name)).toEqual([
      'Planner',
      'Test writer',
      'Docs writer',
    ])
    mux.close()
  })
})

describe('a changed answer reaches the scripted agent', () => {
  it('redoes the scaffold with the new answer, until the next message', async () => {
    const alice = user(demo.base)
    const sessionId = await alice.newSession()
    const mux = await alice.openMux()
    await mux.next((f) => f.type === 'mux/ready')
    await say(alice, sessionId, 'Start a new project')
    const asked = await mux.next((f) => f.type === 'question/requested')
    const answer = (framework: string) => ({
      answers: [
        { id: 'framework', selected: [framework] },
        { id: 'features', selected: ['TypeScript'] },
        { id: 'name', selected: [], custom: 'Orbit' },
      ],
    })
    await alice.request('/api/respond', {
      method: 'POST',
      json: {
        rpcId: asked.rpcId,
        sessionId,
        result: { ok: true, answer: answer('React (Recommended)') },
      },
    })
    const standing = await mux.next((f) => f.type === 'question/answer')
    expect(standing).toMatchObject({ rpcId: asked.rpcId, revision: 0 })
    await mux.next(agentSaid(/Creating \*\*Orbit\*\* with React/))
    const amended = await alice.request('/api/amend', {
      method: 'POST',
      json: { rpcId: asked.rpcId, sessionId, revision: 0, answer: answer('Vue') },
    })
    expect(amended.body).toEqual({ accepted: true, revision: 1 })
    const redo = await mux.next(agentSaid(/You changed the framework/))
    expect(redo.event.text).toBe(
      "You changed the framework, so I'm redoing the scaffold: now creating **Orbit** with Vue, set up with TypeScript.",
    )
    await say(alice, sessionId, '/help')
    await mux.next((f) => f.type === 'question/answer' && f.closed === 'moved-on')
    const late = await alice.request('/api/amend', {
      method: 'POST',
      json: { rpcId: asked.rpcId, sessionId, revision: 1, answer: answer('Svelte') },
    })
    expect(late.body).toMatchObject({ accepted: false, reason: 'refused', code: 'AMEND_MOVED_ON' })
    mux.close()
  })
})
