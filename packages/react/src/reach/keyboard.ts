import { useEffect } from 'react'

/** Options of {@link useKeyboardInset}. */
export interface KeyboardInsetOptions {
  /** Where the CSS variable is set. @default document.documentElement */
  target?: HTMLElement | undefined
  /** @default '--parley-keyboard-inset' */
  property?: string | undefined
}

/** How much of the layout viewport's bottom an on-screen keyboard (or other overlay) covers, in CSS px. */
export function keyboardInset(
  view: Pick<VisualViewport, 'height' | 'offsetTop'>,
  layoutHeight: number,
): number {
  return Math.max(0, Math.round(layoutHeight - view.height - view.offsetTop))
}

/**
 * Keeps `--parley-keyboard-inset` (on the root element) at the height an
 * on-screen keyboard covers, from `visualViewport`, so a layout can lift the
 * question above it (`padding-bottom: var(--parley-keyboard-inset)`); while
 * it changes, a focused field in a question card is scrolled into view. 0
 * without a keyboard, or where there is no `visualViewport`.
 */
export function useKeyboardInset(options: KeyboardInsetOptions = {}): void {
  const { target, property = '--parley-keyboard-inset' } = options
  useEffect(() => {
    const view = window.visualViewport
    const element = target ?? document.documentElement
    if (!view) return
    const update = () => {
      const inset = keyboardInset(view, window.innerHeight)
      element.style.setProperty(property, `${inset}px`)
      const focused = document.activeElement
      if (
        inset > 0 &&
        focused instanceof HTMLElement &&
        focused.closest('[data-scope="question-composer"]')
      )
        focused.scrollIntoView({ block: 'nearest' })
    }
    update()
    view.addEventListener('resize', update)
    view.addEventListener('scroll', update)
    return () => {
      view.removeEventListener('resize', update)
      view.removeEventListener('scroll', update)
      element.style.removeProperty(property)
    }
  }, [target, property])
}
