import { type RefObject, useLayoutEffect } from 'react'

/** Most lines the custom answer grows to before it scrolls. */
export const MAX_LINES = 6

function px(value: string): number {
  const number = Number.parseFloat(value)
  return Number.isFinite(number) ? number : 0
}

/**
 * Grows a textarea with its content up to `maxLines` lines (from its computed
 * line-height), then lets it scroll. Sets `data-scrolling` past the limit.
 */
export function useAutosize(
  ref: RefObject<HTMLTextAreaElement | null>,
  value: string,
  maxLines = MAX_LINES,
): void {
  useLayoutEffect(() => {
    const element = ref.current
    if (!element || value === undefined) return
    const style = getComputedStyle(element)
    const lineHeight =
      style.lineHeight === 'normal' || !style.lineHeight
        ? px(style.fontSize) * 1.2
        : px(style.lineHeight)
    const paddingY = px(style.paddingTop) + px(style.paddingBottom)
    const borderY = px(style.borderTopWidth) + px(style.borderBottomWidth)
    element.style.height = 'auto'
    const content = element.scrollHeight
    if (!content || !lineHeight) {
      element.style.removeProperty('height')
      return
    }
    const max = lineHeight * maxLines + paddingY + borderY
    const wanted = content + borderY
    element.style.height = `${Math.min(wanted, max)}px`
    element.toggleAttribute('data-scrolling', wanted > max + 0.5)
  }, [ref, value, maxLines])
}
