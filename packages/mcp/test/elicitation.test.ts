import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import {
  ElicitResultSchema,
  ErrorCode,
  ListRootsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js'
import { checkAnswerItem, validateAnswer } from '@parley/seam'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type ElicitationHandlerOptions,
  humanPacedRequestOptions,
  registerElicitationHandler,
} from '../src/index.ts'
import {
  answers,
  choose,
  dismiss,
  type FakeUser,
  fakeUser,
  slowly,
  untilTimeout,
} from './fake-user.ts'

type Params = Parameters<Server['elicitInput']>[0]

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

/** A real SDK server and client over the in-memory transport, the client answering through Parley. */
async function connect(user: FakeUser, options: ElicitationHandlerOptions = { decline: false }) {
  const mcp = new McpServer({ name: 'bistro', title: 'Bistro Bookings', version: '1.0.0' })
  const client = new Client({ name: 'parley-chat', version: '1.0.0' })
  registerElicitationHandler(client, user.service, options)
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair()
  await Promise.all([mcp.connect(serverSide), client.connect(clientSide)])
  closers.push(
    () => client.close(),
    () => mcp.close(),
  )
  return { server: mcp.server, client }
}

const booking: Params = {
  message: 'Book a table at the Bistro',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 2 },
      guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 12, default: 2 },
      budget: { type: 'number', title: 'Budget per person' },
      terrace: { type: 'boolean', title: 'Terrace?' },
      time: {
        type: 'string',
        title: 'Time',
        oneOf: [
          { const: '19:00', title: '7 pm' },
          { const: '21:00', title: '9 pm' },
        ],
      },
      menu: {
        type: 'string',
        title: 'Menu',
        enum: ['set', 'carte'],
        enumNames: ['Set menu', 'À la carte'],
      },
      extras: {
        type: 'array',
        title: 'Extras',
        items: { type: 'string', enum: ['window', 'quiet', 'high-chair'] },
        minItems: 1,
        maxItems: 2,
      },
    },
    required: ['name', 'guests', 'time'],
  },
}

describe('MCP elicitation answered through Parley', () => {
  it('accepts with typed content the server validates: numbers, integers, booleans, choices', async () => {
    const user = fakeUser().will(
      answers({
        name: ' Ada ',
        guests: '4',
        budget: '35.5',
        terrace: ['Yes'],
        time: ['9 pm'],
        menu: ['À la carte'],
        extras: ['window', 'quiet'],
      }),
    )
    const { server } = await connect(user)
    const result = await server.elicitInput(booking)
    expect(result).toEqual({
      action: 'accept',
      content: {
        name: 'Ada',
        guests: 4,
        budget: 35.5,
        terrace: true,
        time: '21:00',
        menu: 'carte',
        extras: ['window', 'quiet'],
      },
    })
  })

  it('shows the server as the eyebrow and the constraints on every question', async () => {
    const user = fakeUser().will(answers({ name: 'Ada', guests: '2', time: ['7 pm'] }))
    const { server } = await connect(user)
    await server.elicitInput(booking)
    const [shown] = user.asked
    expect(shown?.questions.map((question) => question.header)).toEqual(
      Array(7).fill('Bistro Bookings'),
    )
    expect(shown?.questions.map(({ id, required }) => [id, required === true])).toEqual([
      ['name', true],
      ['guests', true],
      ['budget', false],
      ['terrace', false],
      ['time', true],
      ['menu', false],
      ['extras', false],
    ])
    expect(shown?.questions[1]).toMatchObject({
      question: 'Guests',
      detail: 'Book a table at the Bistro',
      input: { type: 'integer', minimum: 1, maximum: 12, suggestion: '2' },
    })
    expect(shown?.questions[6]).toMatchObject({ multiSelect: true, minSelected: 1, maxSelected: 2 })
  })

  it('never submits a default for the user: a skipped property is left out', async () => {
    const user = fakeUser().will(answers({ name: 'Ada', guests: '2', time: ['7 pm'] }))
    const { server } = await connect(user)
    const result = await server.elicitInput(booking)
    expect(result).toEqual({ action: 'accept', content: { name: 'Ada', guests: 2, time: '19:00' } })
  })

  it('refuses to skip a required property: validateAnswer says "required" and no content reaches the server', async () => {
    const skipName = answers({ guests: '2', time: ['7 pm'] })
    const user = fakeUser().will(skipName)
    const { server } = await connect(user)
    const refused = server.elicitInput(booking)
    await expect(refused).rejects.toThrow(/BAD_ANSWER/)
    const shown = user.asked[0]
    if (!shown) throw new Error('nothing was asked')
    const verdict = validateAnswer(shown, await skipName(shown))
    expect(verdict.ok ? [] : verdict.issues.map((issue) => [issue.questionId, issue.rule])).toEqual(
      [['name', 'required']],
    )
  })

  it('refuses a number that is not one, and one out of range', async () => {
    const user = fakeUser()
    const { server } = await connect(user)
    user.will(answers({ name: 'Ada', guests: 'four', time: ['7 pm'] }))
    await expect(server.elicitInput(booking)).rejects.toThrow(/must be a whole number/)
    user.will(answers({ name: 'Ada', guests: '13', time: ['7 pm'] }))
    await expect(server.elicitInput(booking)).rejects.toThrow(/must be at most 12/)
    const budget = user.asked[0]?.questions.find((question) => question.id === 'budget')
    if (!budget) throw new Error('no budget question')
    expect(checkAnswerItem(budget, { id: 'budget', selected: [], custom: '1,5' })).toMatchObject([
      { rule: 'not-a-number', path: ['custom'] },
    ])
  })

  it('refuses too many or too few choices on a multi-select', async () => {
    const user = fakeUser()
    const { server } = await connect(user)
    user.will(
      answers({
        name: 'Ada',
        guests: '2',
        time: ['7 pm'],
        extras: ['window', 'quiet', 'high-chair'],
      }),
    )
    await expect(server.elicitInput(booking)).rejects.toThrow(/at most 2 choice/)
  })

  it('honours a string pattern the server sends, which MCP itself does not define', async () => {
    const user = fakeUser().will(answers({ code: 'abc' }))
    const { server } = await connect(user)
    // MCP's types have no pattern; a server sends it anyway, and its validator checks it.
    const code = { type: 'string', pattern: '^[0-9]{4}$' } as const
    const params: Params = {
      message: 'Your code?',
      requestedSchema: {
        type: 'object',
        properties: { code },
        required: ['code'],
      },
    }
    await expect(server.elicitInput(params)).rejects.toThrow(/pattern-mismatch|expected form/)
    expect(user.asked[0]?.questions[0]?.input).toEqual({ pattern: '^[0-9]{4}$' })
    user.will(answers({ code: '1234' }))
    expect(await server.elicitInput(params)).toEqual({
      action: 'accept',
      content: { code: '1234' },
    })
  })

  it('sends cancel when the user dismisses the card (a cancel is not a decline)', async () => {
    const user = fakeUser().will(dismiss)
    const { server } = await connect(user)
    expect(await server.elicitInput(booking)).toEqual({ action: 'cancel' })
  })

  it('asks first whether to answer, and sends decline for an explicit Decline', async () => {
    const user = fakeUser().will(choose('Decline'))
    const { server } = await connect(user, {})
    expect(await server.elicitInput(booking)).toEqual({ action: 'decline' })
    expect(user.asked).toHaveLength(1)
    expect(user.asked[0]?.questions).toEqual([
      {
        id: 'respond',
        header: 'Bistro Bookings',
        question: 'Book a table at the Bistro',
        options: [
          {
            label: 'Answer',
            description: 'Name, Guests, Budget per person, Terrace?, Time, Menu, Extras',
          },
          { label: 'Decline' },
        ],
        required: true,
        allowCustom: false,
      },
    ])
  })

  it('goes on to the form after Answer, and cancels when the first step is dismissed', async () => {
    const user = fakeUser()
      .will(choose('Fill in'))
      .will(answers({ name: 'Ada', guests: '3', time: ['7 pm'] }))
      .will(dismiss)
    const { server } = await connect(user, { labels: { answer: 'Fill in', decline: 'No thanks' } })
    expect(await server.elicitInput(booking)).toEqual({
      action: 'accept',
      content: { name: 'Ada', guests: 3, time: '19:00' },
    })
    expect(user.asked[0]?.questions[0]?.options?.map((option) => option.label)).toEqual([
      'Fill in',
      'No thanks',
    ])
    expect(await server.elicitInput(booking)).toEqual({ action: 'cancel' })
  })

  it('asks a request without properties as one Accept / Decline step', async () => {
    const user = fakeUser().will(choose('Accept')).will(choose('Decline'))
    const { server } = await connect(user, { decline: false })
    const confirm: Params = {
      message: 'Delete the draft?',
      requestedSchema: { type: 'object', properties: {} },
    }
    expect(await server.elicitInput(confirm)).toEqual({ action: 'accept', content: {} })
    expect(await server.elicitInput(confirm)).toEqual({ action: 'decline' })
  })

  it("cancels when Parley's own deadline passes", async () => {
    const user = fakeUser().will(untilTimeout)
    const { server } = await connect(user, { decline: false, timeoutMs: 50 })
    const result = await server.elicitInput({
      message: 'Name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    })
    expect(result).toEqual({ action: 'cancel' })
    expect(user.asked[0]?.timeoutMs).toBeLessThanOrEqual(50)
  })

  it('refuses URL-mode elicitation: the capability is not declared', async () => {
    const user = fakeUser()
    const { server, client } = await connect(user)
    expect(server.getClientCapabilities()?.elicitation).toEqual({ form: {} })
    await expect(
      server.elicitInput({
        mode: 'url',
        message: 'Sign in',
        elicitationId: 'e1',
        url: 'https://example.com/login',
      }),
    ).rejects.toThrow(/does not support url elicitation/)
    // Sent anyway, past the server's own check, the client refuses it with InvalidParams.
    const raw = server.request(
      {
        method: 'elicitation/create',
        params: {
          mode: 'url',
          message: 'Sign in',
          elicitationId: 'e1',
          url: 'https://example.com/login',
        },
      },
      ElicitResultSchema,
    )
    await expect(raw).rejects.toMatchObject({ code: ErrorCode.InvalidParams })
    expect(user.asked).toHaveLength(0)
    expect(client.getServerVersion()?.name).toBe('bistro')
  })

  it('refuses URL mode itself too, on a client that declared it for something else', async () => {
    const user = fakeUser()
    const mcp = new McpServer({ name: 'auth', version: '1.0.0' })
    const client = new Client(
      { name: 'parley-chat', version: '1.0.0' },
      { capabilities: { elicitation: { url: {} } } },
    )
    registerElicitationHandler(client, user.service)
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair()
    await Promise.all([mcp.connect(serverSide), client.connect(clientSide)])
    closers.push(
      () => client.close(),
      () => mcp.close(),
    )
    expect(mcp.server.getClientCapabilities()?.elicitation).toEqual({ url: {}, form: {} })
    await expect(
      mcp.server.elicitInput({
        mode: 'url',
        message: 'Sign in',
        elicitationId: 'e1',
        url: 'https://example.com/login',
      }),
    ).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringMatching(/URL-mode elicitation is not supported/),
    })
    expect(user.asked).toHaveLength(0)
  })

  it('refuses an elicitation whose constraints no answer can meet, before anyone is asked', async () => {
    const user = fakeUser()
    const { server } = await connect(user)
    const error = await server
      .elicitInput({
        message: 'Code?',
        requestedSchema: {
          type: 'object',
          properties: { code: { type: 'string', minLength: 5, maxLength: 2 } },
        },
      })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(McpError)
    expect(error).toMatchObject({ code: ErrorCode.InvalidParams })
    expect(String(error)).toMatch(/minLength 5 is above maxLength 2/)
    expect(user.asked).toHaveLength(0)
  })

  it('must be registered before the client connects', async () => {
    const user = fakeUser()
    const { client } = await connect(user)
    expect(() => registerElicitationHandler(client, user.service)).toThrow(/before client\.connect/)
  })
})

describe("the request's timeout never cuts the user off mid-answer", () => {
  it('keeps a slow answer alive with progress notifications the server resets its timeout on', async () => {
    const user = fakeUser().will(slowly(900, answers({ name: 'Ada' })))
    const { server } = await connect(user, { decline: false, progressIntervalMs: 50 })
    let progress = 0
    const result = await server.elicitInput(
      {
        message: 'Name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
      },
      humanPacedRequestOptions({ idleTimeoutMs: 300, onprogress: () => (progress += 1) }),
    )
    expect(result).toEqual({ action: 'accept', content: { name: 'Ada' } })
    expect(progress).toBeGreaterThan(5)
  })

  it('without them the SDK times out, and the card is withdrawn', async () => {
    let withdrawn = false
    const user = fakeUser().will(slowly(600, answers({ name: 'Ada' }), () => (withdrawn = true)))
    const { server } = await connect(user, { decline: false, progressIntervalMs: 50 })
    await expect(
      server.elicitInput(
        {
          message: 'Name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
        },
        { timeout: 200 },
      ),
    ).rejects.toMatchObject({ code: ErrorCode.RequestTimeout })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(withdrawn).toBe(true)
  })

  it('withdraws the card when the server cancels its request, whatever its id', async () => {
    let withdrawn = 0
    const user = fakeUser()
      .will(slowly(5_000, answers({}), () => (withdrawn += 1)))
      .will(slowly(5_000, answers({}), () => (withdrawn += 1)))
    const { server } = await connect(user, { decline: false })
    const params: Params = {
      message: 'Name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    }
    for (const expected of [1, 2]) {
      const stop = new AbortController()
      const pending = server.elicitInput(params, { signal: stop.signal })
      await new Promise((resolve) => setTimeout(resolve, 20))
      stop.abort('the tool call was stopped')
      await expect(pending).rejects.toThrow(/stopped/)
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(withdrawn).toBe(expected)
    }
  })

  it("still lets the SDK cancel the client's other handlers", async () => {
    const user = fakeUser()
    const mcp = new McpServer({ name: 'files', version: '1.0.0' })
    const client = new Client(
      { name: 'parley-chat', version: '1.0.0' },
      { capabilities: { roots: {} } },
    )
    registerElicitationHandler(client, user.service)
    let rootsCancelled = false
    client.setRequestHandler(ListRootsRequestSchema, (_request, extra) => {
      return new Promise((resolve) => {
        extra.signal.addEventListener('abort', () => {
          rootsCancelled = true
          resolve({ roots: [] })
        })
      })
    })
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair()
    await Promise.all([mcp.connect(serverSide), client.connect(clientSide)])
    closers.push(
      () => client.close(),
      () => mcp.close(),
    )
    await mcp.server.ping()
    const stop = new AbortController()
    const roots = mcp.server.listRoots(undefined, { signal: stop.signal })
    await new Promise((resolve) => setTimeout(resolve, 20))
    stop.abort('enough')
    await expect(roots).rejects.toThrow(/enough/)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(rootsCancelled).toBe(true)
  })
})
