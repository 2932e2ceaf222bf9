import type { PermissionResult, PermissionUpdate } from '@anthropic-ai/claude-agent-sdk'
import { describe, expect, it } from 'vitest'
import { createCanUseTool, describeSuggestion } from '../src/index.ts'
import { callContext, type Person, serviceWith } from './helpers.ts'

const npmTest: PermissionUpdate = {
  type: 'addRules',
  rules: [{ toolName: 'Bash', ruleContent: 'npm test:*' }],
  behavior: 'allow',
  destination: 'localSettings',
}
const acceptEdits: PermissionUpdate = {
  type: 'setMode',
  mode: 'acceptEdits',
  destination: 'session',
}
const input = { command: 'npm test', description: 'Run the tests' }

async function decided(person: Person, extra: Record<string, unknown> = {}) {
  const { service, seen } = serviceWith(person)
  const { context } = callContext({ suggestions: [npmTest, acceptEdits], ...extra })
  const result: PermissionResult | null = await createCanUseTool(service)('Bash', input, context)
  return { result, seen }
}

/** What the card shows for a request that is still pending. */
function shown(extra: Record<string, unknown> = {}) {
  const { service, seen } = serviceWith(() => 'wait')
  const { context } = callContext({ suggestions: [npmTest, acceptEdits], ...extra })
  void createCanUseTool(service)('Bash', input, context)
  return seen
}

const choose = (label: string) => () => ({ answers: [{ id: 'approval', selected: [label] }] })

describe('a permission request through Parley', () => {
  it('is an approval card: the tool, its input, Allow once, one Allow always per suggestion in words, Deny', () => {
    const seen = shown({ title: 'Claude wants to run npm test' })
    expect(seen[0]?.questions).toEqual([
      {
        id: 'approval',
        header: 'Bash',
        question: 'Claude wants to run npm test',
        options: [
          { label: 'Allow once' },
          { label: 'Always allow Bash(npm test:*) in this project, for you only' },
          {
            label: 'Switch to acceptEdits mode (accept file edits without asking) for this session',
          },
          { label: 'Deny', description: 'Or type what Claude should do instead' },
          { label: 'Deny and stop', description: 'Claude stops and waits for your next message' },
        ],
        intent: {
          kind: 'approval',
          tool: 'Bash',
          input,
          allow: 'Allow once',
          always: [
            'Always allow Bash(npm test:*) in this project, for you only',
            'Switch to acceptEdits mode (accept file edits without asking) for this session',
          ],
          deny: 'Deny',
        },
      },
    ])
  })

  it('allow once is an allow with the input as it was', async () => {
    const { result } = await decided(choose('Allow once'))
    expect(result).toEqual({
      behavior: 'allow',
      updatedInput: input,
      decisionClassification: 'user_temporary',
    })
  })

  it('allow always returns the chosen suggestion as updatedPermissions', async () => {
    const { result } = await decided(
      choose('Always allow Bash(npm test:*) in this project, for you only'),
    )
    expect(result).toEqual({
      behavior: 'allow',
      updatedInput: input,
      updatedPermissions: [npmTest],
      decisionClassification: 'user_permanent',
    })
  })

  it('deny is a deny with a message', async () => {
    const { result } = await decided(choose('Deny'))
    expect(result).toEqual({
      behavior: 'deny',
      message: 'The person denied this tool call.',
      decisionClassification: 'user_reject',
    })
  })

  it('typed text is a deny with that reason', async () => {
    const { result } = await decided(() => ({
      answers: [{ id: 'approval', selected: [], custom: 'Run pnpm test instead' }],
    }))
    expect(result).toEqual({
      behavior: 'deny',
      message: 'The person denied this tool call: Run pnpm test instead',
      decisionClassification: 'user_reject',
    })
  })

  it('deny and stop is a deny that interrupts the run', async () => {
    const { result } = await decided(choose('Deny and stop'))
    expect(result).toEqual({
      behavior: 'deny',
      message: 'The person denied this tool call and stopped the run.',
      interrupt: true,
      decisionClassification: 'user_reject',
    })
  })

  it('the words of deny and stop can be replaced, and still interrupt', async () => {
    const { service, seen } = serviceWith(() => ({
      answers: [{ id: 'approval', selected: ['Nein, Schluss'] }],
    }))
    const { context } = callContext()
    const canUseTool = createCanUseTool(service, {
      words: { denyAndStop: 'Nein, Schluss', denyAndStopHint: 'Claude hält an' },
    })
    const result = await canUseTool('Bash', input, context)
    expect(seen[0]?.questions[0]?.options?.at(-1)).toEqual({
      label: 'Nein, Schluss',
      description: 'Claude hält an',
    })
    expect(result).toEqual({
      behavior: 'deny',
      message: 'The person denied this tool call and stopped the run.',
      interrupt: true,
      decisionClassification: 'user_reject',
    })
  })

  it('a dismissed card is a deny, never an allow', async () => {
    const { result } = await decided(() => 'cancel')
    expect(result).toEqual({
      behavior: 'deny',
      message:
        'The person dismissed this permission request without allowing it. Do not run the tool; ask them in the conversation what to do.',
    })
  })

  it('offers no Allow always where the SDK suppresses it, and opens on Deny where it must', () => {
    const seen = shown({ suppressAlwaysAllowRule: true, defaultToNo: true })
    expect(seen[0]?.questions[0]?.options?.map((option) => option.label)).toEqual([
      'Deny',
      'Deny and stop',
      'Allow once',
    ])
    expect(seen[0]?.questions[0]?.intent?.always).toEqual([])
  })

  it('shows an MCP tool by its display name, with the SDK’s description as detail', async () => {
    const { service, seen } = serviceWith(() => 'wait')
    const { context } = callContext({ displayName: 'Create issue', description: 'On acme/web' })
    void createCanUseTool(service)('mcp__github__create_issue', { title: 'Crash' }, context)
    expect(seen[0]?.questions[0]).toMatchObject({
      header: 'Create issue',
      question: 'Allow Claude to use Create issue?',
      detail: 'On acme/web',
      intent: { kind: 'approval', tool: 'mcp__github__create_issue', input: { title: 'Crash' } },
    })
  })
})

describe('a suggestion in words', () => {
  it.each<[PermissionUpdate, string]>([
    [npmTest, 'Always allow Bash(npm test:*) in this project, for you only'],
    [
      { type: 'addDirectories', directories: ['/tmp/out'], destination: 'session' },
      'Allow access to /tmp/out for this session',
    ],
    [
      {
        type: 'addRules',
        rules: [{ toolName: 'WebFetch' }],
        behavior: 'allow',
        destination: 'userSettings',
      },
      'Always allow WebFetch in all your projects',
    ],
  ])('%j', (update, words) => {
    expect(describeSuggestion(update)).toBe(words)
  })
})

describe('an Edit decision, when createCanUseTool offers it', () => {
  const schema = {
    type: 'object',
    properties: { command: { type: 'string' }, description: { type: 'string' } },
    required: ['command'],
  }
  const edited = { command: 'npm test -- --run', description: 'Run the tests once' }

  async function withEdit(edit: NonNullable<Parameters<typeof createCanUseTool>[1]>['edit']) {
    const { service, seen } = serviceWith(() => ({
      answers: [{ id: 'approval', selected: ['Edit'], custom: JSON.stringify(edited) }],
    }))
    const { context } = callContext({ suggestions: [npmTest] })
    const result = await createCanUseTool(service, { edit })('Bash', input, context)
    return { result, question: seen[0]?.questions[0] }
  }

  it('is offered before Deny, with the schema a form is built from', async () => {
    const { question } = await withEdit((tool) => (tool === 'Bash' ? schema : false))
    expect(question?.options?.map((option) => option.label)).toEqual([
      'Allow once',
      'Always allow Bash(npm test:*) in this project, for you only',
      'Edit',
      'Deny',
      'Deny and stop',
    ])
    expect(question?.intent).toMatchObject({ edit: 'Edit', inputSchema: schema })
  })

  it('allows the call with the edited arguments as updatedInput', async () => {
    const { result } = await withEdit(true)
    expect(result).toEqual({
      behavior: 'allow',
      updatedInput: edited,
      decisionClassification: 'user_temporary',
    } satisfies PermissionResult)
  })

  it('is not offered by default, nor to a tool the function declines', async () => {
    expect(shown()[0]?.questions[0]?.intent).not.toHaveProperty('edit')
    const { question } = await withEdit(() => false)
    expect(question?.intent).not.toHaveProperty('edit')
    expect(question?.options?.map((option) => option.label)).not.toContain('Edit')
  })
})
