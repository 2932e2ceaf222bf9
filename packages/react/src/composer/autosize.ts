import { type RefObject, useLayoutEffect, useRef } from 'react'

/** Most lines the custom answer grows to before it scrolls. */
export const MAX_LINES = 6

function px(value: string): number {
  const number = Number.parseFloat(value)
  return Number.isFinite(number) ? number : 0
}

/**
 * Grows a textarea with its content up to `maxLines` lines (from its computed
 * line-height), then lets it scroll. Sets `data-scrolling` past the limit.
 * Text that only grew at its end (typing) can only grow the field: it is
 * measured without first resetting the height, and not at all once the field
 * scrolls.
 */
export function useAutosize(
  ref: RefObject<HTMLTextAreaElement | null>,
  value: string,
  maxLines = MAX_LINES,
): void {
  const last = useRef({ element: null as HTMLTextAreaElement | null, value: '', rows: 0 })
  useLayoutEffect(() => {
    const element = ref.current
    if (!element || value === undefined) return
    const seen = last.current
    const appended =
      seen.element === element && seen.rows === element.rows && value.startsWith(seen.value)
    last.current = { element, value, rows: element.rows }
    if (appended && element.hasAttribute('data-scrolling')) return
    const style = getComputedStyle(element)
    const lineHeight =
      style.lineHeight === 'normal' || !style.lineHeight
        ? px(style.fontSize) * 1.2
        : px(style.lineHeight)
    const paddingY = px(style.paddingTop) + px(style.paddingBottom)
    const borderY = px(style.borderTopWidth) + px(style.borderBottomWidth)
    if (!appended) element.style.height = 'auto'
    const content = element.scrollHeight
    if (!content || !lineHeight) {
      element.style.removeProperty('height')
      last.current.element = null
      return
    }
    const max = lineHeight * maxLines + paddingY + borderY
    const wanted = content + borderY
    const height = `${Math.min(wanted, max)}px`
    if (element.style.height !== height) element.style.height = height
    element.toggleAttribute('data-scrolling', wanted > max + 0.5)
  }, [ref, value, maxLines])
}
