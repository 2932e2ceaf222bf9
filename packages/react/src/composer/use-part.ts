import {
  type ComposerApi,
  type ComposerEvent,
  type ComposerState,
  type CompositionTracker,
  createConnect,
  type MemoisedApi,
  type PartProps,
} from '@parley/machine'
import { useRef } from 'react'
import { useStore } from 'zustand'
import { shallow } from 'zustand/shallow'
import { format } from '../locales/index.ts'
import { type MessagesValue, useComposerContext, useMessages } from './context.ts'
import { dataOf, normalizeProps, type ReactPartProps } from './normalize-props.ts'

/**
 * The machine's memoised connect for one composer and the current strings:
 * every part that reads the same state shares one result, and a part's props
 * stay the same object while what they show is unchanged.
 */
export function createConnectFor(
  send: (event: ComposerEvent) => void,
  id: string,
  composition: CompositionTracker,
): (state: ComposerState, i18n: MessagesValue) => MemoisedApi {
  let current: { i18n: MessagesValue; connect: (state: ComposerState) => MemoisedApi } | null = null
  return (state, i18n) => {
    if (current?.i18n !== i18n)
      current = {
        i18n,
        connect: createConnect(send, { id, messages: i18n.messages, format, composition }),
      }
    return current.connect(state)
  }
}

/**
 * zustand's `useShallow` over a value of the connect result, plus a short
 * cut: while the result keeps its `revision` (a keystroke that changed only
 * the custom text), the getters give what they gave, so the last output is
 * returned without running `select` at all.
 */
function useSame<T>(
  connectFor: (state: ComposerState) => MemoisedApi,
  select: (api: ComposerApi) => T,
): (state: ComposerState) => T {
  const last = useRef<{ select: unknown; revision: object; output: T } | null>(null)
  return (state) => {
    const api = connectFor(state)
    const seen = last.current
    if (seen && seen.select === select && seen.revision === api.revision) return seen.output
    const next = select(api)
    const output = seen && shallow(seen.output, next) ? seen.output : next
    last.current = { select, revision: api.revision, output }
    return output
  }
}

/**
 * Subscribes to a value of the connect result (shallowly compared): the part
 * renders again only when it changed.
 */
export function useApiValue<T>(select: (api: ComposerApi) => T): T {
  const ctx = useComposerContext()
  const i18n = useMessages()
  return useStore(
    ctx.store,
    useSame((state) => ctx.connect(state, i18n), select),
  )
}

/**
 * One part's props from the connect result, as React props: the part renders
 * again only when an attribute changed; its handlers act on the state of the
 * moment of the event.
 */
export function usePart(pick: (api: ComposerApi) => PartProps): ReactPartProps {
  const ctx = useComposerContext()
  const i18n = useMessages()
  const data = useStore(
    ctx.store,
    useSame(
      (state) => ctx.connect(state, i18n),
      (api) => dataOf(pick(api)),
    ),
  )
  return normalizeProps(data, () => pick(ctx.connect(ctx.store.getState(), i18n)))
}

/**
 * The props of a list of parts (e.g. one marker per question), subscribed
 * once: the list renders again only when an item's attributes changed.
 */
export function useParts(pick: (api: ComposerApi) => readonly PartProps[]): ReactPartProps[] {
  const ctx = useComposerContext()
  const i18n = useMessages()
  const list = useStore(
    ctx.store,
    useSame(
      (state) => ctx.connect(state, i18n),
      (api) => pick(api).map(dataOf),
    ),
  )
  return list.map((item, at) =>
    normalizeProps(item, () => pick(ctx.connect(ctx.store.getState(), i18n))[at] ?? {}),
  )
}

/** Props of a part whose props never change (anatomy, ids): read once, no subscription. */
export function useStaticPart(pick: (api: ComposerApi) => PartProps): ReactPartProps {
  const ctx = useComposerContext()
  const i18n = useMessages()
  const live = () => pick(ctx.connect(ctx.store.getState(), i18n))
  return normalizeProps(dataOf(live()), live)
}

/** The connect result of the current state, without subscribing: for what never changes (strings, ids). */
export function useStaticApi(): ComposerApi {
  const ctx = useComposerContext()
  return ctx.connect(ctx.store.getState(), useMessages())
}
