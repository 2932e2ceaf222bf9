/** Most lines the custom answer grows to before it scrolls. */
const MAX_LINES = 6

function px(value: string): number {
  const number = Number.parseFloat(value)
  return Number.isFinite(number) ? number : 0
}

/**
 * Returns `fit(textarea)`, which grows a textarea with its content up to
 * `maxLines` lines (from its computed line-height), then lets it scroll, and
 * sets `data-scrolling` past the limit. Call it after the text changed (on
 * input, or after writing `value`) and after the field's rows changed.
 * Text that only grew at its end (typing) can only grow the field: it is
 * measured without first resetting the height, and not at all once the field
 * scrolls.
 */
export function createAutosize(maxLines = MAX_LINES): (element: HTMLTextAreaElement) => void {
  let seen = { element: null as HTMLTextAreaElement | null, value: '', rows: 0 }
  return (element) => {
    const { value } = element
    const appended =
      seen.element === element && seen.rows === element.rows && value.startsWith(seen.value)
    seen = { element, value, rows: element.rows }
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
      seen.element = null
      return
    }
    const max = lineHeight * maxLines + paddingY + borderY
    const wanted = content + borderY
    const height = `${Math.min(wanted, max)}px`
    if (element.style.height !== height) element.style.height = height
    element.toggleAttribute('data-scrolling', wanted > max + 0.5)
  }
}
