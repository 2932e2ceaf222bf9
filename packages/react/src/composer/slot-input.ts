/** The chat input's side of the slot: what the user is typing there, read from the DOM. */
import { isCompositionKey } from '@parley/machine'

/** The text of an editable element: a field's value, or an editable region's text. */
export function textOf(element: Element | null): string {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement)
    return element.value
  if (element instanceof HTMLElement && element.isContentEditable) return element.textContent ?? ''
  return ''
}

/**
 * True while the user has unsent work in the chat input: focus is in it and
 * the focused field holds text. The takeover then waits, so nothing the user
 * is typing is hidden under them.
 */
export function holdsUnsentText(input: HTMLElement | null): boolean {
  const active = document.activeElement
  if (!input || !active || !input.contains(active)) return false
  return textOf(active).trim().length > 0
}

/** An Enter that would send the chat input's text: no Shift, no IME composition. */
export function isSendingEnter(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' || event.shiftKey || event.altKey) return false
  return !isCompositionKey(event)
}
