import { afterEach, describe, expect, it } from 'vitest'
import { RECENT_RESOLUTIONS_MS } from '../src/recent-resolutions.ts'
import {
  answerBody,
  cancelBody,
  post,
  readyTab,
  startHost,
  type TestHost,
  VALID_ANSWER,
} from './helpers.ts'

let running: TestHost | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

describe('a tab that connects after a question ended', () => {
  it('hears how it ended, with the answer that counted and which tab sent it, before mux/ready', async () => {
    const clock = { at: 1_700_000_000_000 }
    running = await startHost({ now: () => clock.at })
    const first = await readyTab(running.base)
    const asked = running.ask('s1')
    const [requested] = await first.count('question/requested')
    const rpcId = String(requested?.rpcId)
    expect((await post(running.base, answerBody(rpcId, 's1'))).json).toEqual({ accepted: true })
    await asked
    const dismissed = running.ask('s2')
    const [other] = await first.count('question/requested', 2).then((frames) => frames.slice(1))
    await post(running.base, cancelBody(String(other?.rpcId), 's2'))
    await dismissed.catch(() => {})

    const later = await readyTab(running.base, { sessions: ['s1'] })
    expect(later.frames.map((frame) => frame.type)).toEqual(['question/resolved', 'mux/ready'])
    expect(later.frames[0]).toMatchObject({
      rpcId,
      sessionId: 's1',
      outcome: 'answered',
      answer: VALID_ANSWER,
    })
    // Only the sessions a tab may see: bob hears of neither.
    const bob = await readyTab(running.base, { user: 'bob' })
    expect(bob.frames).toEqual([{ type: 'mux/ready' }])
    // After the window, a new tab hears nothing of them.
    clock.at += RECENT_RESOLUTIONS_MS + 1
    const much = await readyTab(running.base)
    expect(much.frames).toEqual([{ type: 'mux/ready' }])
  })
})
