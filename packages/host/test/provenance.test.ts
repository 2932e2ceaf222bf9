import { afterEach, describe, expect, it } from 'vitest'
import { answerBody, post, readyTab, startHost, type TestHost } from './helpers.ts'

let running: TestHost | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

const asker = { name: 'Test writer', parents: ['Planner'], reason: 'to pick the runner' }

describe('who asks reaches every tab', () => {
  it('the question/requested frame carries the asker, live and on replay', async () => {
    running = await startHost()
    const live = await readyTab(running.base)
    running.ask('s1', { asker })
    const [requested] = await live.count('question/requested')
    expect(requested?.asker).toEqual(asker)
    const later = await readyTab(running.base)
    expect(later.frames[0]).toEqual(requested)
  })

  it('a frame without an asker has none', async () => {
    running = await startHost()
    const live = await readyTab(running.base)
    running.ask('s1')
    const [requested] = await live.count('question/requested')
    expect(requested).not.toHaveProperty('asker')
  })

  it('the standing answer carries it too', async () => {
    running = await startHost()
    const live = await readyTab(running.base)
    const asked = running.ask('s1', { asker, onAmend: () => {} })
    const [requested] = await live.count('question/requested')
    await post(running.base, answerBody(String(requested?.rpcId), 's1'))
    await asked
    const [standing] = await live.count('question/answer')
    expect(standing?.asker).toEqual(asker)
  })
})
