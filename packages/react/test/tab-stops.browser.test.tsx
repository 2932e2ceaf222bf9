import type { AskUserQuestionItem } from '@parley/seam'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { userEvent } from 'vitest/browser'
import '../src/styles.css'
import { QuestionComposer } from '../src/index.ts'
import { colour, makeRequest, memoryStorage, root } from './fixtures.tsx'

/** Ten single-select questions, as in the issue ("reaching Skip takes 14 Tab presses"). */
const TEN: AskUserQuestionItem[] = Array.from({ length: 10 }, (_, at) => ({
  ...colour,
  id: `colour-${at + 1}`,
  question: `Which colour for part ${at + 1}?`,
}))

function renderTen() {
  render(
    <QuestionComposer
      request={makeRequest(TEN)}
      onAnswer={async () => ({ accepted: true })}
      onCancel={async () => ({ accepted: true })}
      draftStorage={memoryStorage()}
    />,
  )
}

const focused = () => document.activeElement
const part = () => focused()?.getAttribute('data-part')

/** Presses Tab (or Shift+Tab) until `done`, at most 20 times; how many presses it took. */
async function pressesUntil(done: () => boolean, shift = false): Promise<number> {
  for (let presses = 1; presses <= 20; presses++) {
    await userEvent.keyboard(shift ? '{Shift>}{Tab}{/Shift}' : '{Tab}')
    if (done()) return presses
  }
  return Number.POSITIVE_INFINITY
}

describe('keyboard only: the footer is a few Tab stops, whatever the batch size', () => {
  it('from the options of question 1 of 10, Skip is 3 Tab presses away (custom field, navigation, Skip)', async () => {
    renderTen()
    const first = await screen.findByRole('radio', { name: 'Red' })
    first.focus()
    const skip = screen.getByRole('button', { name: 'Skip' })
    const presses = await pressesUntil(() => focused() === skip)
    expect(presses).toBeLessThanOrEqual(4)
    expect(presses).toBe(3)
    // And Submit (the primary button) right after it.
    await userEvent.keyboard('{Tab}')
    expect(part()).toBe('submit')
  })

  it('the navigation is one toolbar: arrows move inside it, Tab and Shift+Tab leave it in one press', async () => {
    renderTen()
    const toolbar = screen.getByRole('toolbar', { name: 'Question navigation' })
    screen.getByRole('button', { name: 'Skip' }).focus()

    // Back into the toolbar from Skip: its last button, the marker of question 10.
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}')
    expect(toolbar).toContainElement(focused() as HTMLElement)
    expect(focused()).toHaveAccessibleName('Question 10: open')
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(focused()).toHaveAccessibleName('Question 8: open')
    await userEvent.keyboard('{Home}')
    expect(focused()).toHaveAccessibleName('Previous question')
    await userEvent.keyboard('{ArrowRight}')
    expect(focused()).toHaveAccessibleName('Next question')
    await userEvent.keyboard('{End}{ArrowRight}')
    expect(focused()).toHaveAccessibleName('Previous question')

    // One Shift+Tab leaves it backwards (to the custom field)…
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}')
    expect(focused()).toHaveAccessibleName('Question 2: open')
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}')
    expect(part()).toBe('custom-input')
    // …and one Tab forwards from anywhere inside goes to Skip.
    await userEvent.keyboard('{Tab}{ArrowRight}{ArrowRight}{Tab}')
    expect(part()).toBe('skip')
  })

  it('Enter on a marker reached by arrows shows its question', async () => {
    renderTen()
    screen.getByRole('button', { name: 'Skip' }).focus()
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}{ArrowLeft}{ArrowLeft}{Enter}')
    expect(await screen.findByRole('heading', { name: 'Which colour for part 8?' })).toBeVisible()
    expect(root().querySelector('[aria-current="step"]')).toHaveAccessibleName('Question 8: open')
  })
})
