import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { userEvent } from 'vitest/browser'
import '../src/styles.css'
import { QuestionComposer } from '../src/index.ts'
import { colour, makeRequest, memoryStorage, name } from './fixtures.tsx'

function renderField(question: typeof colour, label: RegExp) {
  render(
    <div style={{ width: 560 }}>
      <QuestionComposer
        request={makeRequest([question])}
        onAnswer={async () => ({ accepted: true })}
        onCancel={async () => ({ accepted: true })}
        draftStorage={memoryStorage()}
      />
    </div>,
  )
  return screen.getByRole<HTMLTextAreaElement>('textbox', { name: label })
}

/** Line height and vertical padding of the textarea, from its computed style (clientHeight rounds to whole px, hence lines to 0.1). */
function metrics(field: HTMLTextAreaElement) {
  const style = getComputedStyle(field)
  const lineHeight = Number.parseFloat(style.lineHeight)
  const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom)
  expect(lineHeight).toBeGreaterThan(0)
  return { lineHeight, padding, linesShown: () => (field.clientHeight - padding) / lineHeight }
}

/** Types `count` lines one by one (Shift+Enter between them) and reports the height after each. */
async function typeLines(field: HTMLTextAreaElement, count: number) {
  const { linesShown } = metrics(field)
  const shown: number[] = []
  const scrolls: boolean[] = []
  await userEvent.click(field)
  for (let line = 1; line <= count; line++) {
    if (line > 1) await userEvent.keyboard('{Shift>}{Enter}{/Shift}')
    await userEvent.keyboard(`line ${line}`)
    shown.push(Math.round(linesShown() * 10) / 10)
    scrolls.push(field.scrollHeight > field.clientHeight)
  }
  return { shown, scrolls }
}

describe('the custom answer grows with its content up to 6 lines, then scrolls', () => {
  it('inline variant: one line per typed line, capped at exactly 6', async () => {
    const field = renderField(colour, /Other answer/)
    const { shown, scrolls } = await typeLines(field, 8)
    expect(shown).toEqual([1, 2, 3, 4, 5, 6, 6, 6])
    expect(scrolls).toEqual([false, false, false, false, false, false, true, true])
    expect(field).toHaveValue(Array.from({ length: 8 }, (_, i) => `line ${i + 1}`).join('\n'))
    expect(getComputedStyle(field).overflowY).toBe('auto')
  })

  it('block variant (free text) starts at 3 lines and stops at 6', async () => {
    const field = renderField(name, /Your answer/)
    const { shown, scrolls } = await typeLines(field, 8)
    expect(shown).toEqual([3, 3, 3, 4, 5, 6, 6, 6])
    expect(scrolls.slice(6)).toEqual([true, true])
    expect(scrolls.slice(0, 6).every((scrolling) => !scrolling)).toBe(true)
  })

  it('shrinks back when lines are removed', async () => {
    const field = renderField(colour, /Other answer/)
    await typeLines(field, 7)
    const { linesShown } = metrics(field)
    await userEvent.clear(field)
    await userEvent.type(field, 'one line')
    expect(Math.round(linesShown() * 10) / 10).toBe(1)
    expect(field.scrollHeight).toBeLessThanOrEqual(field.clientHeight)
  })
})
