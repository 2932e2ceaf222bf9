/** Focus is on nothing: the element that had it went away. */
export function focusIsLost(): boolean {
  const active = document.activeElement
  return !active || active === document.body
}

/** Focus is on nothing or inside `container`: moving it within takes it from no one. */
export function focusIsFree(container: HTMLElement | null): boolean {
  return focusIsLost() || (container?.contains(document.activeElement) ?? false)
}
