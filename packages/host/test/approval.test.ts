import type { AskUserQuestionItem } from '@parley/seam'
import { afterEach, describe, expect, it } from 'vitest'
import { answerBody, post, readyTab, startHost, type TestHost } from './helpers.ts'

let running: TestHost | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

const approval: AskUserQuestionItem = {
  id: 'approval',
  header: 'Bash',
  question: 'Allow Claude to run npm test?',
  options: [{ label: 'Allow once' }, { label: 'Always allow' }, { label: 'Deny' }],
  intent: {
    kind: 'approval',
    tool: 'Bash',
    input: { command: 'npm test', timeout: 60_000 },
    allow: 'Allow once',
    always: ['Always allow'],
    deny: 'Deny',
  },
}

// The host gained nothing for approvals: an approval is a question with an intent.
describe('an approval through the host, unchanged', () => {
  it('reaches a tab with its intent, replays to the next, and settles with its answer', async () => {
    running = await startHost()
    const first = await readyTab(running.base)
    const asked = running.service.ask({ questions: [approval], sessionId: 's1', callId: 'toolu_1' })
    const [frame] = await first.count('question/requested', 1)
    expect(frame).toMatchObject({ sessionId: 's1', callId: 'toolu_1', questions: [approval] })
    const second = await readyTab(running.base)
    expect(second.frames[0]).toEqual(frame)
    const answer = { answers: [{ id: 'approval', selected: [], custom: 'use pnpm' }] }
    const rpcId = String(frame?.rpcId)
    expect((await post(running.base, answerBody(rpcId, 's1', answer))).json).toEqual({
      accepted: true,
    })
    await expect(asked).resolves.toEqual(answer)
    const [resolved] = await second.count('question/resolved', 1)
    expect(resolved).toMatchObject({ rpcId, outcome: 'answered', answer })
  })
})
