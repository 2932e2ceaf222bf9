import { describe, expect, it } from 'vitest'
import { createComposerState, transition } from '../src/index.ts'
import { request } from './fixtures.ts'

describe('the composer', () => {
  it('starts answering the first question with nothing pre-selected', () => {
    const state = createComposerState(request)
    expect(state.phase).toBe('answering')
    expect(state.index).toBe(0)
    expect(state.drafts.color?.selected).toEqual([])
    const [next] = transition(state, { type: 'CHOOSE_OPTION', label: 'Blue' })
    expect(next.index).toBe(1)
  })
})
