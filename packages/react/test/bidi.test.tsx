import type { AskUserQuestionItem } from '@parley/seam'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { preloadIntentViews } from '../src/composer/intent-body.tsx'
import { preloadMarkdown } from '../src/index.ts'
import { makeRequest, renderComposer, root } from './fixtures.tsx'

// The Markdown chunk is lazy: load it first, so no query races its arrival.
// The plan-review body is a lazy chunk too (the intent views).
beforeAll(() => Promise.all([preloadMarkdown(), preloadIntentViews()]))

const RLO = '\u202e'
const CONTROLS = /[\u202a-\u202e\u2066-\u2069]/

/** A question whose every agent-written field tries to reorder what it shows. */
const hostile: AskUserQuestionItem = {
  id: 'file',
  header: `${RLO}redaeh`,
  question: `Open \u2067${RLO}gnp.exe\u2069 now?`,
  detail: `Attach ${RLO}gnp.exe please.\n\n- item \u202bone\u202c\n\n\`${RLO}code\``,
  options: [{ label: `${RLO}gnp.exe`, description: `Saved as ${RLO}fdp.exe` }, { label: 'Cancel' }],
}

const plan: AskUserQuestionItem = {
  id: 'plan',
  question: 'Ship it?',
  detail: '1. Build\n2. Deploy',
  options: [{ label: `${RLO}evorppA` }, { label: 'Keep planning' }],
  intent: { kind: 'plan-review', approve: `${RLO}evorppA` },
}

/** True when `element` or an ancestor isolates its text (`dir` or `<bdi>`). */
function isolated(element: Element): boolean {
  return element.closest('[dir="auto"], bdi') !== null
}

describe('bidi controls in agent text', () => {
  it('an option labelled "\\u202egnp.exe" is named and shows "gnp.exe", isolated', () => {
    renderComposer({ request: makeRequest([hostile]) })
    const option = screen.getByRole('radio', { name: 'gnp.exe' })
    expect(option.textContent).not.toMatch(CONTROLS)
    const label = within(option).getByText('gnp.exe')
    expect(isolated(label)).toBe(true)
  })

  it('choosing that option still sends the label exactly as the agent wrote it', async () => {
    const { user, onAnswer } = renderComposer({ request: makeRequest([hostile]) })
    await user.click(screen.getByRole('radio', { name: 'gnp.exe' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'file', selected: [`${RLO}gnp.exe`] }],
    })
  })

  it('the question text shows without controls in a dir="auto" heading', () => {
    renderComposer({ request: makeRequest([hostile]) })
    const title = screen.getByRole('heading', { name: 'Open gnp.exe now?' })
    expect(title).toHaveAttribute('dir', 'auto')
    expect(title.textContent).not.toMatch(CONTROLS)
  })

  it('the eyebrow and the option description show without controls, isolated', () => {
    renderComposer({ request: makeRequest([hostile]) })
    const eyebrow = screen.getByText('redaeh')
    expect(eyebrow).toHaveAttribute('data-part', 'eyebrow')
    expect(eyebrow).toHaveAttribute('dir', 'auto')
    const option = screen.getByRole('radio', { name: 'gnp.exe' })
    expect(option).toHaveAccessibleDescription('Saved as fdp.exe')
    expect(isolated(within(option).getByText('Saved as fdp.exe'))).toBe(true)
  })

  it('the Markdown detail shows without controls, each block dir="auto"', async () => {
    renderComposer({ request: makeRequest([hostile]) })
    const paragraph = await screen.findByText('Attach gnp.exe please.')
    const detail = root().querySelector('[data-part="detail"]')
    expect(detail).toHaveAttribute('dir', 'auto')
    expect(detail?.textContent).not.toMatch(CONTROLS)
    expect(paragraph).toHaveAttribute('dir', 'auto')
    expect(screen.getByText('item one')).toHaveAttribute('dir', 'auto')
    expect(screen.getByText('code', { selector: 'code' })).toBeInTheDocument()
  })

  it('the minimized summary shows the question without controls, dir="auto"', async () => {
    const { user } = renderComposer({ request: makeRequest([hostile]) })
    await user.click(screen.getByRole('button', { name: 'Minimize' }))
    const summary = root().querySelector('[data-part="summary"]')
    expect(summary).toHaveTextContent('Open gnp.exe now?')
    expect(summary?.textContent).not.toMatch(CONTROLS)
    expect(summary).toHaveAttribute('dir', 'auto')
  })

  it('plan-review buttons show their labels isolated and without controls, and send them as given', async () => {
    const { user, onAnswer } = renderComposer({ request: makeRequest([plan]) })
    const approve = screen.getByRole('button', { name: 'evorppA' })
    expect(approve.textContent).not.toMatch(CONTROLS)
    expect(isolated(within(approve).getByText('evorppA'))).toBe(true)
    await user.click(approve)
    expect(onAnswer).toHaveBeenCalledWith({
      answers: [{ id: 'plan', selected: [`${RLO}evorppA`] }],
    })
  })
})

describe('the custom answer', () => {
  const note: AskUserQuestionItem = { id: 'note', question: 'Anything else?' }

  it('is typed into a dir="auto" field', () => {
    renderComposer({ request: makeRequest([note]) })
    expect(screen.getByRole('textbox', { name: /Your answer/ })).toHaveAttribute('dir', 'auto')
  })

  it('of zero-width spaces only stays empty and is not sent', async () => {
    const { user, onAnswer } = renderComposer({ request: makeRequest([note]) })
    await user.type(screen.getByRole('textbox', { name: /Your answer/ }), '\u200b\u200b')
    const field = root().querySelector('[data-part="custom-answer"]')
    expect(field).toHaveAttribute('data-state', 'empty')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onAnswer).not.toHaveBeenCalled()
    expect(screen.getByRole('status')).not.toBeEmptyDOMElement()
  })
})
