import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { cdp, userEvent } from 'vitest/browser'
import '../src/styles.css'
import { QuestionComposer } from '../src/index.ts'
import { colour, makeRequest, memoryStorage, root, toppings } from './fixtures.tsx'

async function emulate(features: { name: string; value: string }[]) {
  await cdp().send('Emulation.setEmulatedMedia', { features })
}

function renderCard() {
  render(
    <QuestionComposer
      request={makeRequest([colour, toppings])}
      onAnswer={() => new Promise(() => {})}
      onCancel={async () => ({ accepted: true })}
      draftStorage={memoryStorage()}
    />,
  )
  return root()
}

const seconds = (list: string) =>
  list
    .split(',')
    .map((value) => Number.parseFloat(value) * (value.trim().endsWith('ms') ? 0.001 : 1))

/** Longest transition, or running animation, of an element, in seconds. */
function longestMotion(element: Element, pseudo?: string): number {
  const style = getComputedStyle(element, pseudo)
  const transitions = seconds(style.transitionDuration)
  const animations = style.animationName === 'none' ? [] : seconds(style.animationDuration)
  return Math.max(0, ...transitions, ...animations)
}

describe('media features', () => {
  afterEach(async () => {
    await emulate([])
  })

  it('without reduced motion the card does animate (the check below is meaningful)', async () => {
    const card = renderCard()
    const motion = [card, ...card.querySelectorAll('*')].map((element) => longestMotion(element))
    expect(Math.max(...motion)).toBeGreaterThan(0.05)
  })

  it('with prefers-reduced-motion: reduce nothing on the card transitions or animates', async () => {
    await emulate([{ name: 'prefers-reduced-motion', value: 'reduce' }])
    expect(matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true)
    const card = renderCard()
    await userEvent.click(screen.getByRole('radio', { name: 'Red' }))
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Cheese' }))
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    await screen.findByRole('button', { name: 'Submitting…' })
    for (const element of [card, ...card.querySelectorAll('*')]) {
      for (const pseudo of [undefined, '::before', '::after']) {
        const part = `${element.getAttribute('data-part') ?? element.tagName}${pseudo ?? ''}`
        expect(longestMotion(element, pseudo), part).toBeLessThanOrEqual(0.01)
      }
    }
  })

  it('with forced-colors: active a keyboard-focused option still shows a focus ring', async () => {
    await emulate([{ name: 'forced-colors', value: 'active' }])
    expect(matchMedia('(forced-colors: active)').matches).toBe(true)
    renderCard()
    const title = screen.getByRole('heading', { name: colour.question })
    title.focus()
    await userEvent.keyboard('{Tab}')
    const first = screen.getByRole('radio', { name: /Red/ })
    expect(first).toHaveFocus()
    expect(first.matches(':focus-visible')).toBe(true)
    const style = getComputedStyle(first)
    expect(style.outlineStyle).not.toBe('none')
    expect(Number.parseFloat(style.outlineWidth)).toBeGreaterThanOrEqual(1)
  })

  it('with forced-colors: active the focused custom answer still shows a focus ring', async () => {
    await emulate([{ name: 'forced-colors', value: 'active' }])
    renderCard()
    const field = screen.getByRole('textbox', { name: /Other answer/ })
    await userEvent.click(field)
    expect(field.matches(':focus-visible')).toBe(true)
    const style = getComputedStyle(field)
    expect(style.outlineStyle).not.toBe('none')
    expect(Number.parseFloat(style.outlineWidth)).toBeGreaterThanOrEqual(1)
  })
})
