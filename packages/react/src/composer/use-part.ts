import {
  type ComposerApi,
  type ComposerEvent,
  type ComposerState,
  type CompositionTracker,
  createConnect,
  type PartProps,
} from '@parley/machine'
import { useRef } from 'react'
import { useStore } from 'zustand'
import { shallow } from 'zustand/shallow'
import { fill } from '../text/fill.ts'
import { type MessagesValue, useComposerContext, useMessages } from './context.ts'
import { dataOf, normalizeProps, type ReactPartProps } from './normalize-props.ts'

let touchKeyboard: boolean | null = null

/**
 * A coarse pointer and no fine one: a phone or tablet, whose keyboard has no
 * Shift+Enter. Asked at every keydown, so it is a cached flag that the media
 * queries' `change` events keep current (reading `matches` on each key cost a
 * measurable share of typing, B2).
 */
function isTouchKeyboard(): boolean {
  if (touchKeyboard !== null) return touchKeyboard
  if (typeof matchMedia !== 'function') return false
  const coarse = matchMedia('(pointer: coarse)')
  const fine = matchMedia('(any-pointer: fine)')
  const update = () => {
    touchKeyboard = coarse.matches && !fine.matches
  }
  update()
  coarse.addEventListener?.('change', update)
  fine.addEventListener?.('change', update)
  return touchKeyboard ?? false
}

/**
 * The machine's memoised connect for one composer and the current strings:
 * every part that reads the same state shares one result.
 */
export function createConnectFor(
  send: (event: ComposerEvent) => void,
  id: string,
  composition: CompositionTracker,
): (state: ComposerState, i18n: MessagesValue) => ComposerApi {
  let current: { i18n: MessagesValue; connect: (state: ComposerState) => ComposerApi } | null = null
  return (state, i18n) => {
    if (current?.i18n !== i18n)
      current = {
        i18n,
        connect: createConnect(send, {
          id,
          messages: i18n.messages,
          format: fill,
          composition,
          touch: isTouchKeyboard,
        }),
      }
    return current.connect(state)
  }
}

/**
 * Subscribes to a value of the connect result: zustand's `useStore` on the
 * shown state (a keystroke that shows in no part does not even reach the
 * selector), the value shallowly compared like `useShallow` and kept for the
 * state it was selected from. The part renders again only when it changed.
 */
export function useApiValue<T>(select: (api: ComposerApi) => T): T {
  const ctx = useComposerContext()
  const i18n = useMessages()
  const last = useRef<{ state: ComposerState; select: unknown; output: T } | null>(null)
  return useStore(ctx.shown, (state) => {
    const seen = last.current
    if (seen?.state === state && seen.select === select) return seen.output
    const next = select(ctx.connect(state, i18n))
    const output = seen && shallow(seen.output, next) ? seen.output : next
    last.current = { state, select, output }
    return output
  })
}

/**
 * The connect result of the shown state at the time of the call: a handler
 * acts on what the parts show at the moment of its event.
 */
function useLive(): () => ComposerApi {
  const ctx = useComposerContext()
  const i18n = useMessages()
  return () => ctx.connect(ctx.shown.getState(), i18n)
}

/**
 * One part's props from the connect result, as React props: the part renders
 * again only when an attribute changed; its handlers act on the shown state
 * of the moment of the event.
 */
export function usePart(pick: (api: ComposerApi) => PartProps): ReactPartProps {
  const live = useLive()
  return normalizeProps(
    useApiValue((api) => dataOf(pick(api))),
    () => pick(live()),
  )
}

/**
 * The props of a list of parts (e.g. one marker per question), subscribed
 * once: the list renders again only when an item's attributes changed.
 */
export function useParts(pick: (api: ComposerApi) => readonly PartProps[]): ReactPartProps[] {
  const live = useLive()
  return useApiValue((api) => pick(api).map(dataOf)).map((item, at) =>
    normalizeProps(item, () => pick(live())[at] ?? {}),
  )
}

/** Props of a part whose props never change (anatomy, ids): read once, no subscription. */
export function useStaticPart(pick: (api: ComposerApi) => PartProps): ReactPartProps {
  const live = useLive()
  return normalizeProps(dataOf(pick(live())), () => pick(live()))
}

/** The connect result of the shown state, without subscribing: for what never changes (strings, ids). */
export function useStaticApi(): ComposerApi {
  return useLive()()
}
