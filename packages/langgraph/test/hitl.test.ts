import { approvalOf } from '@parley/seam'
import { describe, expect, it } from 'vitest'
import { runWithParley } from '../src/index.ts'
import { ASK, agentWith, lastWords } from './agent.ts'
import { choose, serviceWith } from './helpers.ts'

const WRITE = { name: 'write_file', args: { path: 'notes.txt', text: 'hello' }, id: 'call_1' }

describe('the human-in-the-loop middleware’s interrupts as approval cards', () => {
  it('Approve runs the tool with its own arguments', async () => {
    const { agent, written } = agentWith([WRITE], { write_file: true })
    const { service, seen } = serviceWith((request) => choose(request, 'Approve'))
    const state = await runWithParley(agent, ASK, { service, threadId: 't-approve' })
    expect(written).toEqual([{ path: 'notes.txt', text: 'hello' }])
    expect(lastWords(state)).toBe('wrote 5 bytes to notes.txt')
    expect(seen).toHaveLength(1)
  })

  it('shows the call with the decisions its config allows, edit with the args’ JSON Schema', async () => {
    const { agent, tools } = agentWith([WRITE], { write_file: true })
    const { service, seen } = serviceWith((request) => choose(request, 'Approve'))
    await runWithParley(agent, ASK, { service, threadId: 't-card', tools })
    const [question] = seen[0]?.questions ?? []
    expect(question?.options?.map((option) => option.label)).toEqual(['Approve', 'Edit', 'Reject'])
    expect(question?.header).toBe('write_file')
    expect(question?.question).toBe('Run write_file?')
    // The middleware's default description only repeats the tool and its args.
    expect(question?.detail).toBe('Tool execution requires approval')
    expect(approvalOf(question)).toMatchObject({
      tool: 'write_file',
      input: { path: 'notes.txt', text: 'hello' },
      allow: 'Approve',
      edit: 'Edit',
      deny: 'Reject',
      inputSchema: {
        type: 'object',
        properties: { path: { type: 'string' }, text: { type: 'string' } },
      },
    })
  })

  it('offers only approve and reject when the config allows only those', async () => {
    const { agent, written } = agentWith([WRITE], {
      write_file: { allowedDecisions: ['approve', 'reject'], description: 'Saves your notes' },
    })
    const { service, seen } = serviceWith((request) => choose(request, 'Approve'))
    await runWithParley(agent, ASK, { service, threadId: 't-two' })
    const [question] = seen[0]?.questions ?? []
    expect(question?.options?.map((option) => option.label)).toEqual(['Approve', 'Reject'])
    expect(question?.detail).toBe('Saves your notes')
    expect(approvalOf(question)?.edit).toBeUndefined()
    expect(written).toHaveLength(1)
  })

  it('Edit runs the tool with the arguments the person edited', async () => {
    const { agent, written } = agentWith([WRITE], { write_file: true })
    const { service } = serviceWith(() => ({
      answers: [
        {
          id: 'action-1',
          selected: ['Edit'],
          custom: JSON.stringify({ path: 'notes.txt', text: 'hello, world' }),
        },
      ],
    }))
    const state = await runWithParley(agent, ASK, { service, threadId: 't-edit' })
    expect(written).toEqual([{ path: 'notes.txt', text: 'hello, world' }])
    expect(lastWords(state)).toBe('wrote 12 bytes to notes.txt')
  })

  it('a reason typed instead of a choice rejects the call, and the model reads it', async () => {
    const { agent, written } = agentWith([WRITE], { write_file: true })
    const { service } = serviceWith(() => ({
      answers: [{ id: 'action-1', selected: [], custom: 'Not in my home folder' }],
    }))
    const state = await runWithParley(agent, ASK, { service, threadId: 't-reject' })
    expect(written).toEqual([])
    expect(lastWords(state)).toBe('Not in my home folder')
  })

  it('two calls in one turn are one card of two questions, decided in order', async () => {
    const remove = { name: 'delete_file', args: { path: 'old.txt' }, id: 'call_2' }
    const { agent, written } = agentWith([WRITE, remove], { write_file: true, delete_file: true })
    const { service, seen } = serviceWith(() => ({
      answers: [
        { id: 'action-1', selected: ['Approve'] },
        { id: 'action-2', selected: ['Edit'], custom: '{"path":"older.txt"}' },
      ],
    }))
    const state = await runWithParley(agent, ASK, { service, threadId: 't-both' })
    expect(seen).toHaveLength(1)
    expect(seen[0]?.questions.map((question) => question.header)).toEqual([
      'write_file',
      'delete_file',
    ])
    expect(written).toHaveLength(1)
    expect(lastWords(state)).toBe('wrote 5 bytes to notes.txt | deleted older.txt')
  })

  it('a dismissed card rejects the call with a message that says so', async () => {
    const { agent, written } = agentWith([WRITE], { write_file: true })
    const { service } = serviceWith(() => 'cancel')
    const state = await runWithParley(agent, ASK, { service, threadId: 't-dismiss' })
    expect(written).toEqual([])
    expect(lastWords(state)).toMatch(/^The person dismissed this tool call without approving it/)
  })

  it('a deadline that passed rejects the call too, never approves it', async () => {
    const { agent, written } = agentWith([WRITE], { write_file: true })
    const { service, seen } = serviceWith(() => 'time-out')
    const state = await runWithParley(agent, ASK, {
      service,
      threadId: 't-late',
      timeoutMs: 60_000,
    })
    expect(seen[0]?.timeoutMs).toBe(60_000)
    expect(written).toEqual([])
    expect(lastWords(state)).toMatch(/^The person did not answer in time/)
  })

  it('where reject is not allowed, the deny is “Not now”: nothing resumes and the run rejects ASK_CANCELLED', async () => {
    const { agent, written } = agentWith([WRITE], {
      write_file: { allowedDecisions: ['approve'] },
    })
    const { service, seen } = serviceWith((request) => choose(request, 'Not now'))
    await expect(runWithParley(agent, ASK, { service, threadId: 't-later' })).rejects.toMatchObject(
      { code: 'ASK_CANCELLED' },
    )
    expect(seen[0]?.questions[0]?.options?.map((option) => option.label)).toEqual([
      'Approve',
      'Not now',
    ])
    expect(written).toEqual([])
    // The interrupt is still pending: the next run asks again, and an approval runs the tool.
    const again = serviceWith((request) => choose(request, 'Approve'))
    await runWithParley(agent, ASK, { service: again.service, threadId: 't-later' })
    expect(again.seen[0]?.resumeKey).toBe(seen[0]?.resumeKey)
    expect(written).toHaveLength(1)
  })

  it('keys each card by thread and interrupt id, in the thread’s session unless told otherwise', async () => {
    const { agent } = agentWith([WRITE], { write_file: true })
    const { service, seen } = serviceWith((request) => choose(request, 'Approve'))
    await runWithParley(agent, ASK, { service, threadId: 't-keys' })
    const [request] = seen
    expect(request?.sessionId).toBe('t-keys')
    expect(request?.resumeKey).toMatch(/^langgraph:t-keys:[0-9a-f]{32}$/)
    expect(request?.callId).toBe(request?.resumeKey?.split(':')[2])
    expect(request?.agent).toEqual({
      sdk: 'langgraph',
      threadId: 't-keys',
      interruptId: request?.callId,
      source: 'hitl',
    })
    expect(request?.asker).toEqual({ name: 'Agent' })
  })
})
