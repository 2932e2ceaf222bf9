import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cdp, userEvent } from 'vitest/browser'
import '../src/styles.css'
import { QuestionComposer } from '../src/index.ts'
import { colour, makeRequest, memoryStorage, name, root, toppings } from './fixtures.tsx'

async function forcedColors(value: 'active' | 'none') {
  await cdp().send('Emulation.setEmulatedMedia', {
    features: [{ name: 'forced-colors', value }],
  })
}

/** What a system colour keyword resolves to in the current (forced) palette. */
function systemColour(keyword: string): string {
  const probe = document.createElement('span')
  probe.style.cssText = `forced-color-adjust: none; color: ${keyword}`
  document.body.append(probe)
  const value = getComputedStyle(probe).color
  probe.remove()
  return value
}

/** The colours of a progress marker's dot (its `::after`). */
function dot(index: number) {
  const marker = root().querySelectorAll('[data-part="marker"]')[index]
  if (!marker) throw new Error(`no marker ${index}`)
  const style = getComputedStyle(marker, '::after')
  return { border: style.borderTopColor, background: style.backgroundColor }
}

describe('forced colours: the progress markers show their states in system colours', () => {
  beforeEach(async () => {
    await forcedColors('active')
  })
  afterEach(async () => {
    await forcedColors('none')
  })

  it('open, skipped, answered and current each use the palette, never the author’s colours', async () => {
    expect(matchMedia('(forced-colors: active)').matches).toBe(true)
    render(
      <QuestionComposer
        request={makeRequest([colour, toppings, name])}
        onAnswer={async () => ({ accepted: true })}
        onCancel={async () => ({ accepted: true })}
        draftStorage={memoryStorage()}
      />,
    )
    // Question 1 skipped, question 2 answered, question 3 on screen (current, open).
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }))
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Cheese' }))
    await userEvent.click(screen.getByRole('button', { name: 'Next question' }))
    await screen.findByRole('heading', { name: name.question })
    expect(root().querySelector('[aria-current="step"]')).toBe(
      root().querySelectorAll('[data-part="marker"]')[2],
    )

    const palette = {
      GrayText: systemColour('GrayText'),
      Highlight: systemColour('Highlight'),
      CanvasText: systemColour('CanvasText'),
    }
    // The three are told apart in this palette (so the checks below mean something).
    expect(new Set(Object.values(palette)).size).toBe(3)

    // Polled: the dots ease into their colours (a short transition).
    await expect.poll(() => dot(0).border, { message: 'skipped' }).toBe(palette.GrayText)
    await expect.poll(() => dot(1).border, { message: 'answered' }).toBe(palette.Highlight)
    await expect.poll(() => dot(1).background, { message: 'answered' }).toBe(palette.Highlight)
    await expect.poll(() => dot(2).border, { message: 'current' }).toBe(palette.Highlight)
  })
})
