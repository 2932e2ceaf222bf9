import { describe, expect, it } from 'vitest'
import {
  type AskUserQuestionItem,
  approvalDecision,
  approvalOf,
  createUserQuestionService,
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
})
