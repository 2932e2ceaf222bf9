import { describe, expect, it } from 'vitest'
import { type ComposerRequest, connect, createComposerState, transition } from '../src/index.ts'
import { drive } from './fixtures.ts'
import { labels } from './vanilla-renderer.ts'

// Typed answer constraints (an MCP elicitation's schema): the composer holds
// the user to them, in words, before anything is sent.

const format = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole))
const options = { id: 'c-', messages: labels, format }

const form: ComposerRequest = {
  rpcId: 'rpc-form',
  questions: [
    {
      id: 'seats',
      question: 'How many seats?',
      required: true,
      input: { type: 'integer', minimum: 1, maximum: 10, suggestion: '4' },
    },
    {
      id: 'tags',
      question: 'Which tags?',
      multiSelect: true,
      minSelected: 1,
      maxSelected: 2,
      allowCustom: false,
      options: [{ label: 'a' }, { label: 'b' }, { label: 'c' }],
    },
    { id: 'email', question: 'Your email?', input: { format: 'email' } },
  ],
}
const fresh = () => createComposerState(form)
const api = (state = fresh()) => connect(state, () => {}, options)

describe('a required question', () => {
  it('cannot be skipped: Skip is disabled and the event says why', () => {
    expect(api().getSkipProps()['aria-disabled']).toBe(true)
    const [state] = transition(fresh(), { type: 'SKIP_QUESTION' })
    expect(state.drafts.seats?.skipped).toBe(false)
    expect(state.feedback).toEqual({ kind: 'message', key: 'required' })
    expect(api(state).status.text).toBe(labels.feedbackRequired)
  })
})

describe('a typed number', () => {
  it('out of range: Next waits and the card says the limit', () => {
    const [typed] = transition(fresh(), { type: 'SET_CUSTOM_TEXT', text: '12' })
    const view = api(typed)
    expect(view.status.text).toBe('Enter 10 or less.')
    expect(view.getSubmitProps()['aria-disabled']).toBe(true)
    const [still, effects] = transition(typed, { type: 'CONTINUE' })
    expect(still.index).toBe(0)
    expect(still.feedback).toEqual({ kind: 'message', key: 'invalid' })
    expect(effects.some((effect) => effect.type === 'focus')).toBe(false)
  })

  it('not a whole number, then fixed by the user', () => {
    const [typed] = transition(fresh(), { type: 'SET_CUSTOM_TEXT', text: '2.5' })
    expect(api(typed).status.text).toBe('Enter a whole number.')
    const [fixed] = transition(typed, { type: 'SET_CUSTOM_TEXT', text: '3' })
    expect(api(fixed).status.text).toBe('')
    expect(api(fixed).getSubmitProps()['aria-disabled']).toBeUndefined()
    expect(transition(fixed, { type: 'CONTINUE' })[0].index).toBe(1)
  })

  it('gets the number keyboard and shows its suggestion without sending it', () => {
    const input = api().getCustomInputProps()
    expect(input.inputmode).toBe('numeric')
    expect(input.placeholder).toBe('Suggested: 4')
    expect(fresh().drafts.seats?.custom).toBe('')
  })
})

describe('a multi-select with limits and no typed answer', () => {
  const onTags = () => transition(fresh(), { type: 'GO_TO_QUESTION', index: 1 })[0]
  it('too many choices: the card says the most', () => {
    const [state] = drive(
      onTags(),
      { type: 'TOGGLE_OPTION', label: 'a' },
      { type: 'TOGGLE_OPTION', label: 'b' },
      { type: 'TOGGLE_OPTION', label: 'c' },
    )
    expect(api(state).status.text).toBe('Choose at most 2.')
    expect(api(state).getSubmitProps()['aria-disabled']).toBe(true)
  })
  it('has no custom field', () => {
    expect(api(onTags()).allowsCustom).toBe(false)
  })
})

describe('Submit with an invalid answer elsewhere', () => {
  it('goes to that question and says what is wrong there', () => {
    const [state] = drive(
      fresh(),
      { type: 'SET_CUSTOM_TEXT', text: '3' },
      { type: 'CONTINUE' },
      { type: 'TOGGLE_OPTION', label: 'a' },
      { type: 'CONTINUE' },
      { type: 'SET_CUSTOM_TEXT', text: 'not an email' },
      { type: 'GO_TO_QUESTION', index: 0 },
      { type: 'SET_CUSTOM_TEXT', text: '30' },
      { type: 'GO_TO_QUESTION', index: 2 },
      { type: 'SET_CUSTOM_TEXT', text: 'me@example.com' },
      { type: 'SUBMIT' },
    )
    expect(state.phase).toBe('answering')
    expect(state.index).toBe(0)
    expect(api(state).status.text).toBe('Enter 10 or less.')
  })
})
