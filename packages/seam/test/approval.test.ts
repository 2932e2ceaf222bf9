import { describe, expect, it } from 'vitest'
import {
  type AskUserQuestionItem,
  approvalDecision,
  approvalOf,
  createUserQuestionService,
  decisionKindOf,
  editedInput,
  validateAnswer,
  validateRequest,
} from '../src/index.ts'
import { parseDownlinkFrame } from '../src/wire.ts'

const bash: AskUserQuestionItem = {
  id: 'approval',
  question: 'Allow Claude to run this command?',
  options: [
    { label: 'Allow once' },
    { label: 'Always allow npm test', description: 'Bash(npm test:*) in this project' },
    { label: 'Deny' },
  ],
  intent: {
    kind: 'approval',
    tool: 'Bash',
    input: { command: 'npm test', description: 'Run the tests' },
    allow: 'Allow once',
    always: ['Always allow npm test'],
    deny: 'Deny',
  },
}

function issuesOf(item: AskUserQuestionItem) {
  const result = validateRequest({ questions: [item] })
  if (result.ok) throw new Error('expected the request to be refused')
  return result.issues
}

describe('an approval intent', () => {
  it('is a valid request without a detail, kept as written', () => {
    const result = validateRequest({ questions: [bash] })
    expect(result.ok && result.request.questions[0]?.intent).toEqual(bash.intent)
  })

  it('reads as its typed view', () => {
    expect(approvalOf(bash)).toEqual({
      kind: 'approval',
      tool: 'Bash',
      input: { command: 'npm test', description: 'Run the tests' },
      allow: 'Allow once',
      always: ['Always allow npm test'],
      deny: 'Deny',
      edit: undefined,
      inputSchema: undefined,
    })
  })

  it('without input reads as a call with no arguments; a plan review is no approval', () => {
    const { input: _, ...intent } = bash.intent ?? { kind: 'approval' }
    expect(approvalOf({ ...bash, intent })?.input).toEqual({})
    expect(approvalOf({ ...bash, intent: { kind: 'plan-review', approve: 'Deny' } })).toBeNull()
    expect(approvalOf(undefined)).toBeNull()
  })

  it.each([
    ['no tool', { tool: undefined }, 'approval-without-tool', 'tool'],
    ['a blank tool', { tool: '  ' }, 'approval-without-tool', 'tool'],
    [
      'an input that is not an object',
      { input: ['npm test'] },
      'approval-input-not-object',
      'input',
    ],
    ['no deny', { deny: undefined }, 'approval-without-deny', 'deny'],
    ['an allow label that is no option', { allow: 'Yes' }, 'decision-not-an-option', 'allow'],
    [
      'an always label that is no option',
      { always: ['Forever'] },
      'decision-not-an-option',
      'always',
    ],
    ['one label for two decisions', { allow: 'Deny' }, 'duplicate-decision', 'deny'],
    ['an edit label that is no option', { edit: 'Change' }, 'decision-not-an-option', 'edit'],
    ['an edit label that allows too', { edit: 'Allow once' }, 'duplicate-decision', 'edit'],
    [
      'an inputSchema that is not an object',
      { inputSchema: true },
      'approval-schema-not-object',
      'inputSchema',
    ],
  ])('with %s is refused with BAD_INTENT (%s)', (_, change, rule, key) => {
    const intent = { ...bash.intent, ...change } as AskUserQuestionItem['intent']
    const issues = issuesOf({ ...bash, intent })
    expect(issues).toContainEqual(
      expect.objectContaining({
        code: 'BAD_INTENT',
        rule,
        questionId: 'approval',
        path: ['questions', 0, 'intent', key],
      }),
    )
  })

  it('on a multi-select is refused', () => {
    expect(issuesOf({ ...bash, multiSelect: true })).toContainEqual(
      expect.objectContaining({ code: 'BAD_INTENT', rule: 'approval-multi-select' }),
    )
  })

  it('fails ask() with BAD_INTENT before any provider sees it', async () => {
    const service = createUserQuestionService()
    const seen: unknown[] = []
    service.registerProvider({
      ask: (request) => {
        seen.push(request)
        return new Promise(() => {})
      },
    })
    await expect(
      service.ask({
        questions: [{ ...bash, intent: { ...bash.intent, kind: 'approval', deny: undefined } }],
      }),
    ).rejects.toMatchObject({ name: 'UserQuestionError', code: 'BAD_INTENT' })
    expect(seen).toEqual([])
  })

  it('reaches a browser in a question/requested frame, input and all', () => {
    const frame = {
      type: 'question/requested',
      rpcId: 'r',
      sessionId: 's',
      requestedAt: 1,
      questions: [bash],
    }
    const parsed = parseDownlinkFrame(frame)
    expect(parsed.ok && parsed.value).toMatchObject({ questions: [{ intent: bash.intent }] })
  })
})

describe('an approval’s answer', () => {
  const approval = approvalOf(bash)
  if (!approval) throw new Error('bash is an approval')
  const decide = (selected: string[], custom?: string) =>
    approvalDecision(
      approval,
      custom === undefined ? { id: 'approval', selected } : { id: 'approval', selected, custom },
    )

  it('allows once with the allow label', () => {
    expect(decide(['Allow once'])).toEqual({ decision: 'allow' })
  })

  it('allows from now on with an always label, saying which', () => {
    expect(decide(['Always allow npm test'])).toEqual({
      decision: 'allow-always',
      index: 0,
      label: 'Always allow npm test',
    })
  })

  it('denies with the deny label', () => {
    expect(decide(['Deny'])).toEqual({ decision: 'deny' })
  })

  it('denies with the typed text as the reason', () => {
    expect(decide([], '  use pnpm instead ')).toEqual({
      decision: 'deny',
      reason: 'use pnpm instead',
    })
  })

  it('denies on a skip: nothing chosen is not consent', () => {
    expect(decide([])).toEqual({ decision: 'deny' })
  })

  it('names what each of its options does, and an option it does not name as other', () => {
    const kinds = ['Allow once', 'Always allow npm test', 'Deny', 'Deny and stop'].map((label) =>
      decisionKindOf(approval, label),
    )
    expect(kinds).toEqual(['allow', 'always', 'deny', 'other'])
    expect(decide(['Deny and stop'], 'not now')).toEqual({ decision: 'deny', reason: 'not now' })
  })
})

const editable: AskUserQuestionItem = {
  ...bash,
  options: [{ label: 'Allow once' }, { label: 'Edit and allow' }, { label: 'Deny' }],
  intent: {
    kind: 'approval',
    tool: 'Bash',
    input: { command: 'npm test' },
    allow: 'Allow once',
    edit: 'Edit and allow',
    deny: 'Deny',
    inputSchema: {
      type: 'object',
      properties: { command: { type: 'string' } },
      required: ['command'],
    },
  },
}

describe('an approval’s edit', () => {
  const approval = approvalOf(editable)
  if (!approval) throw new Error('editable is an approval')
  const request = { questions: [editable] }

  it('reads its edit label and JSON Schema in the typed view', () => {
    expect(approval).toMatchObject({
      edit: 'Edit and allow',
      inputSchema: { type: 'object', required: ['command'] },
    })
    expect(decisionKindOf(approval, 'Edit and allow')).toBe('edit')
  })

  it('allows with the edited arguments, which ride as the JSON text of custom', () => {
    const item = {
      id: 'approval',
      selected: ['Edit and allow'],
      custom: ' {"command":"pnpm test"} ',
    }
    const checked = validateAnswer(request, { answers: [item] })
    expect(checked).toEqual({
      ok: true,
      answer: { answers: [{ ...item, custom: '{"command":"pnpm test"}' }] },
    })
    expect(approvalDecision(approval, item)).toEqual({
      decision: 'edit',
      input: { command: 'pnpm test' },
    })
  })

  it.each([
    ['no arguments', undefined],
    ['text that is no JSON', 'pnpm test'],
    ['JSON that is no object', '["pnpm", "test"]'],
    ['null', 'null'],
  ])('with %s is refused (edit-not-an-object), and would deny, not allow', (_, custom) => {
    const item =
      custom === undefined
        ? { id: 'approval', selected: ['Edit and allow'] }
        : { id: 'approval', selected: ['Edit and allow'], custom }
    const checked = validateAnswer(request, { answers: [item] })
    expect(checked.ok || checked.issues).toEqual([
      expect.objectContaining({ code: 'BAD_ANSWER', rule: 'edit-not-an-object' }),
    ])
    expect(approvalDecision(approval, item)).toEqual({ decision: 'deny' })
  })

  it('keeps the single-select rule for every other label', () => {
    const checked = validateAnswer(request, {
      answers: [{ id: 'approval', selected: ['Allow once'], custom: '{}' }],
    })
    expect(checked.ok || checked.issues.map((issue) => issue.rule)).toEqual([
      'custom-with-selection',
    ])
  })

  it('is refused on a question that takes no typed answer', () => {
    expect(issuesOf({ ...editable, allowCustom: false })).toContainEqual(
      expect.objectContaining({ code: 'BAD_INTENT', rule: 'edit-without-custom' }),
    )
  })

  it('reads edited arguments only from an object', () => {
    expect(editedInput('{"a":1}')).toEqual({ a: 1 })
    expect(editedInput('1')).toBeNull()
    expect(editedInput(undefined)).toBeNull()
  })
})
