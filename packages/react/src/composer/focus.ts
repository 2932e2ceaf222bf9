/** Focus is on nothing: the element that had it went away. */
export function focusIsLost(): boolean {
  const active = document.activeElement
  return !active || active === document.body
}

const HELD = '[data-scope="question-composer"][data-part="root"][data-ended]'
const BODY = '[data-scope="question-composer"][data-part="body"]'

/**
 * Focus is in the question of a card that ended while the user was in it (a
 * field they typed in, an option): it stays there, read-only, until they
 * leave it by Tab or Escape. Nothing may move it, so a keystroke meant for
 * the field never lands on a button or in the chat input.
 */
export function focusIsHeld(): boolean {
  const active = document.activeElement
  return active?.closest(BODY)?.closest(HELD) != null
}

/**
 * Focus is on nothing or inside `container`, and not held by an ended card:
 * moving it within takes it from no one.
 */
export function focusIsFree(container: HTMLElement | null): boolean {
  if (focusIsHeld()) return false
  return focusIsLost() || (container?.contains(document.activeElement) ?? false)
}

/**
 * Focus is inside a question card in `container`: the person went into it
 * (a card that waited over the chat input), so a takeover leaves it there.
 */
export function focusIsInCard(container: HTMLElement | null): boolean {
  const card = document.activeElement?.closest('[data-scope="question-composer"][data-part="root"]')
  return card != null && (container?.contains(card) ?? false)
}
