import { describe, expect, it } from 'vitest'
import { type ComposerPhase, isFinished } from '../src/index.ts'
import { stateIn } from './fixtures.ts'

describe('isFinished', () => {
  it.each<[ComposerPhase, boolean]>([
    ['answering', false],
    ['submitting', false],
    ['cancelling', false],
    ['failed', false],
    ['awaiting-resolution', true],
    ['settled', true],
  ])('in %s is %s: drafts are dropped only once the request left the user', (phase, finished) => {
    const state = stateIn(phase)
    expect(state.phase).toBe(phase)
    expect(isFinished(state)).toBe(finished)
  })
})
