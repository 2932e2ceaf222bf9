import type { KeyContext, KeyInput, PartProps } from '@parley/machine'
import type { HTMLAttributes, KeyboardEvent } from 'react'

/** Props React takes on any composer element (buttons also carry `type="button"`). */
export type ReactPartProps = HTMLAttributes<HTMLElement> & {
  [attribute: `data-${string}`]: string | number | undefined
  htmlFor?: string
  rows?: number
  placeholder?: string
  readOnly?: boolean
}

/** Stands in for a handler in a part's data, so two snapshots compare equal. */
const HANDLER: unique symbol = Symbol('handler')

/** HTML attribute names whose React prop is spelled otherwise. */
const REACT_NAMES: Record<string, string> = {
  tabindex: 'tabIndex',
  for: 'htmlFor',
  readonly: 'readOnly',
  inputmode: 'inputMode',
}

/** A part's props with each handler replaced by {@link HANDLER}: plain data, shallowly comparable. */
export function dataOf(props: PartProps): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  for (const key in props) {
    const value = props[key]
    data[key] = typeof value === 'function' ? HANDLER : value
  }
  return data
}

/** Where focus is for the keyboard map, from the keydown's target. */
function keyContextOf(target: EventTarget | null): KeyContext {
  if (!(target instanceof Element)) return 'elsewhere'
  if (target.closest('[data-part="custom-input"]')) return 'custom'
  // Another field a layout put in the card: its keys are its own.
  if (target.matches('input, textarea, select, [contenteditable]:not([contenteditable="false"])'))
    return 'text'
  if (target.closest('[data-part="options"]')) return 'options'
  return 'elsewhere'
}

/** The parts of a React keydown the keyboard map reads. */
export function keyOf(event: KeyboardEvent): KeyInput {
  return {
    key: event.key,
    shiftKey: event.shiftKey,
    altKey: event.altKey,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    isComposing: event.nativeEvent.isComposing === true,
    keyCode: event.keyCode,
    timeStamp: event.timeStamp,
  }
}

function reactHandler(name: string, live: () => PartProps): unknown {
  const call = (handler: string, ...args: unknown[]) => {
    const fn = live()[handler]
    return typeof fn === 'function' ? (fn as (...a: unknown[]) => unknown)(...args) : undefined
  }
  switch (name) {
    case 'onKeyDown':
      return (event: KeyboardEvent) => {
        if (event.defaultPrevented) return
        if (call('onKeyDown', keyOf(event), keyContextOf(event.target))) event.preventDefault()
      }
    case 'onInput':
      return (event: { currentTarget: { value: string } }) =>
        call('onInput', event.currentTarget.value)
    case 'onCompositionEnd':
      // The event's own time, so the Safari Enter guard never reads a late clock.
      return (event: { timeStamp: number }) => call('onCompositionEnd', event.timeStamp)
    default:
      return () => call(name)
  }
}

/**
 * Maps a part's framework-neutral props to React props: HTML names to React
 * names, `data-*` flags to `""`, and each handler to a React handler that
 * runs the part's handler of the state at the time of the event (`live`), so
 * a part that did not re-render never acts on an old state. `onInput` becomes
 * `onChange`.
 */
export function normalizeProps(data: Record<string, unknown>, live: () => PartProps) {
  const props: Record<string, unknown> = {}
  for (const key in data) {
    const value = data[key]
    if (value === HANDLER) props[key === 'onInput' ? 'onChange' : key] = reactHandler(key, live)
    else if (key.startsWith('data-') && typeof value === 'boolean')
      props[key] = value ? '' : undefined
    else props[REACT_NAMES[key] ?? key] = value
  }
  return props as ReactPartProps
}
