import { toolbarKeyIntent, toolbarTarget } from '@parley/machine'
import type { KeyboardEvent, ReactNode } from 'react'
import { keyOf } from './normalize-props.ts'
import { usePart } from './use-part.ts'

/**
 * Runs the toolbar's keyboard map (`toolbarKeyIntent`) on the DOM: ← → Home
 * End move focus between its buttons; Tab / Shift+Tab first move focus to
 * the last / first button, and the browser's own Tab then leaves the toolbar
 * from there, so the whole row costs one Tab press.
 */
function moveInToolbar(event: KeyboardEvent<HTMLElement>): void {
  const toolbar = event.currentTarget
  if (event.defaultPrevented || toolbar.getAttribute('role') !== 'toolbar') return
  const intent = toolbarKeyIntent(keyOf(event), {
    rtl: getComputedStyle(toolbar).direction === 'rtl',
  })
  if (!intent) return
  const items = [...toolbar.querySelectorAll<HTMLElement>('button')]
  const active = document.activeElement
  const from = active instanceof HTMLElement ? items.indexOf(active) : -1
  if (from < 0) return
  items[toolbarTarget(intent.move, from, items.length)]?.focus()
  if (!intent.leave) event.preventDefault()
}

/**
 * The footer's question navigation: the pager and the progress markers as
 * one toolbar (one Tab stop; arrows move within). A plain row for a single
 * question.
 */
export function Navigation({ children }: { children?: ReactNode }) {
  // The part's role is `toolbar` whenever it has buttons to move between.
  const props = { ...usePart((api) => api.getNavigationProps()), onKeyDown: moveInToolbar }
  return <div {...props}>{children}</div>
}
