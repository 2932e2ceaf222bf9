import { describe, expect, it } from 'vitest'
import { connect, createComposerState } from '../src/index.ts'
import { request } from './fixtures.ts'
import { labels } from './vanilla-renderer.ts'

const options = { id: 'c-', messages: labels, format: (template: string) => template }
const headed = {
  ...request,
  questions: request.questions.map((question, n) =>
    n === 0 ? { ...question, header: 'Colour' } : question,
  ),
}

describe('the eyebrow says who asks', () => {
  it('shows a subagent chain and the question header', () => {
    const asker = { name: 'Test writer', parents: ['Planner'] }
    const api = connect(createComposerState({ ...headed, asker }), () => {}, options)
    expect(api.eyebrow).toBe('Planner › Test writer · Colour')
  })

  it('shows the asker alone where the question has no header', () => {
    const api = connect(
      createComposerState({ ...request, asker: { name: 'Planner' } }),
      () => {},
      options,
    )
    expect(api.eyebrow).toBe('Planner')
  })

  it('is the header, or the default eyebrow, without an asker', () => {
    expect(connect(createComposerState(headed), () => {}, options).eyebrow).toBe('Colour')
    expect(connect(createComposerState(request), () => {}, options).eyebrow).toBe(labels.eyebrow)
  })
})
