import { validateAnswer } from '@parley/seam'
import { describe, expect, it } from 'vitest'
import { type ComposerRequest, connect, createComposerState, toAnswer } from '../src/index.ts'
import { drive } from './fixtures.ts'
import { labels } from './vanilla-renderer.ts'

const approval: ComposerRequest = {
  rpcId: 'rpc-approval',
  questions: [
    {
      id: 'approval',
      question: 'Allow Claude to use Bash?',
      options: [{ label: 'Allow once' }, { label: 'Edit' }, { label: 'Deny' }],
      intent: {
        kind: 'approval',
        tool: 'Bash',
        input: { command: 'npm test' },
        allow: 'Allow once',
        edit: 'Edit',
        deny: 'Deny',
      },
    },
  ],
}

const edited = JSON.stringify({ command: 'npm test -- --run' })

describe('an approval in the machine', () => {
  it('sends an edit as its label with the edited arguments beside it, an answer the seam accepts', () => {
    const [state, effects] = drive(
      createComposerState(approval),
      { type: 'SET_CUSTOM_TEXT', text: edited },
      { type: 'CHOOSE_OPTION', label: 'Edit' },
      { type: 'CONFIRM_ANSWER' },
    )
    const answer = { answers: [{ id: 'approval', selected: ['Edit'], custom: edited }] }
    expect(toAnswer(state)).toEqual(answer)
    expect(effects).toContainEqual({ type: 'submit', rpcId: 'rpc-approval', answer })
    expect(validateAnswer(approval, answer)).toEqual({ ok: true, answer })
  })

  it('drops text kept beside any other choice, as for every single choice', () => {
    const [state] = drive(
      createComposerState(approval),
      { type: 'SET_CUSTOM_TEXT', text: 'not this' },
      { type: 'CHOOSE_OPTION', label: 'Allow once' },
    )
    expect(toAnswer(state)).toEqual({ answers: [{ id: 'approval', selected: ['Allow once'] }] })
  })

  it('takes its typed answer under Deny, not in the custom field', () => {
    const api = connect(createComposerState(approval), () => {}, {
      id: 'c',
      messages: labels,
      format: (template) => template,
    })
    expect(api.allowsCustom).toBe(false)
  })
})
