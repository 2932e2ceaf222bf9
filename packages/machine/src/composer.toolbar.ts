import { isCompositionKey, type KeyInput } from './composition.ts'

/** Where focus goes among a toolbar's items. */
export type ToolbarMove = 'next' | 'previous' | 'first' | 'last'

/** What a key does inside the footer's question navigation (a toolbar). */
export interface ToolbarIntent {
  /** The item that gets focus (`next` and `previous` wrap around). */
  move: ToolbarMove
  /**
   * Tab or Shift+Tab: focus goes to the last or first item, and the browser's
   * own Tab then leaves the toolbar from there (do not prevent the default).
   * Otherwise prevent it: the key only moves focus inside.
   */
  leave: boolean
}

/** Options of {@link toolbarKeyIntent}. */
export interface ToolbarKeyOptions {
  /** The toolbar is laid out right to left: ← goes on, → goes back. @default false */
  rtl?: boolean
}

/**
 * The keyboard map of the footer's question navigation (previous, the
 * markers, next) as a pure function: the toolbar is one Tab stop. ← → move
 * between its buttons (wrapping), Home / End go to the first / last, Tab and
 * Shift+Tab leave it in one press. `null` for any other key, a key with
 * Alt / Ctrl / Meta, or a key of an IME composition. The adapter moves DOM
 * focus accordingly.
 */
export function toolbarKeyIntent(
  key: KeyInput,
  options: ToolbarKeyOptions = {},
): ToolbarIntent | null {
  if (key.altKey || key.ctrlKey || key.metaKey || isCompositionKey(key)) return null
  const forward = options.rtl ? 'ArrowLeft' : 'ArrowRight'
  const back = options.rtl ? 'ArrowRight' : 'ArrowLeft'
  switch (key.key) {
    case forward:
      return { move: 'next', leave: false }
    case back:
      return { move: 'previous', leave: false }
    case 'Home':
      return { move: 'first', leave: false }
    case 'End':
      return { move: 'last', leave: false }
    case 'Tab':
      return { move: key.shiftKey ? 'first' : 'last', leave: true }
    default:
      return null
  }
}

/** The index `move` leads to among `count` items from `from` (-1: none focused yet). */
export function toolbarTarget(move: ToolbarMove, from: number, count: number): number {
  if (count === 0) return -1
  switch (move) {
    case 'first':
      return 0
    case 'last':
      return count - 1
    case 'next':
      return from < 0 ? 0 : (from + 1) % count
    case 'previous':
      return from < 0 ? count - 1 : (from - 1 + count) % count
  }
}
