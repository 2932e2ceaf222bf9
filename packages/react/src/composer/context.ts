import type {
  AnnounceMessage,
  ComposerEvent,
  ComposerState,
  ComposerStore,
  CompositionTracker,
  FocusTarget,
} from '@parley/machine'
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react'
import { shallow } from 'zustand/shallow'
import type { StoreApi } from 'zustand/vanilla'
import type { ComposerMessages } from '../locales/index.ts'

/** Presentation-only state the machine asks for through effects. */
export interface ComposerUiState {
  /** The latest live-region message; `n` makes a repeated message announce again. */
  announcement: { message: AnnounceMessage; n: number } | null
  /** A pending focus move, applied after the next commit. */
  focus: { target: FocusTarget; n: number } | null
}

/** What the parts of one composer share. Stable for the composer's life. */
export interface ComposerContextValue {
  store: ComposerStore
  ui: StoreApi<ComposerUiState>
  tracker: CompositionTracker
  /** Element ids, derived from one `useId`. */
  ids: ComposerIds
  /** The root element, where focus targets are looked up. */
  rootRef: { current: HTMLElement | null }
  send: (event: ComposerEvent) => void
  /** Store subscriptions filtered by what changed; see `useComposerState`. */
  watch: WatchState
}

/** Ids that tie labels and controls together. */
export interface ComposerIds {
  root: string
  title: string
  body: string
  detail: string
  custom: string
  customLabel: string
  hint: string
  status: string
  option: (index: number) => string
}

export const ComposerContext = createContext<ComposerContextValue | null>(null)

/** Strings and the formatter of the current locale. */
export interface MessagesValue {
  messages: ComposerMessages
  t: (key: keyof ComposerMessages, values?: Record<string, string | number>) => string
}

export const MessagesContext = createContext<MessagesValue | null>(null)

/** The composer the calling part belongs to. Throws outside `Composer.Root`. */
export function useComposerContext(): ComposerContextValue {
  const value = useContext(ComposerContext)
  if (!value) throw new Error('Composer parts must be rendered inside <Composer.Root>.')
  return value
}

/** The current locale's strings. */
export function useMessages(): MessagesValue {
  const value = useContext(MessagesContext)
  if (!value) throw new Error('Composer parts must be rendered inside <Composer.Root>.')
  return value
}

function sameExceptDrafts(a: ComposerState, b: ComposerState): boolean {
  for (const key in a) {
    if (key !== 'drafts' && a[key as keyof ComposerState] !== b[key as keyof ComposerState])
      return false
  }
  return true
}

/** Subscribes `listener` to the changes that concern it (see {@link useComposerState}). */
export type WatchState = (
  listener: () => void,
  reads?: (state: ComposerState) => unknown,
) => () => void

/**
 * One store subscription for all the parts: on each change it tells apart a
 * change of drafts only (a keystroke) from anything else once, and then
 * notifies only the parts whose `reads` slice of the drafts changed.
 */
export function createWatchState(store: ComposerStore): WatchState {
  const watchers = new Set<{
    listener: () => void
    reads: ((state: ComposerState) => unknown) | undefined
  }>()
  store.subscribe((state, previous) => {
    const draftsOnly = sameExceptDrafts(previous, state)
    for (const { listener, reads } of watchers) {
      if (!draftsOnly || (reads && reads(state) !== reads(previous))) listener()
    }
  })
  return (listener, reads) => {
    const watcher = { listener, reads }
    watchers.add(watcher)
    return () => watchers.delete(watcher)
  }
}

/**
 * Subscribes to a slice of the composer state (shallowly compared). A part is
 * notified, and its selector re-run, only when a field other than `drafts`
 * changed or `reads(state)` returned another object: a selector that reads
 * drafts names the ones it reads (the machine replaces only the edited
 * question's draft), so a keystroke reaches only the parts that show it.
 * Pass the prop the selector closes over as `key`.
 */
export function useComposerState<T>(
  selector: (state: ComposerState) => T,
  reads?: (state: ComposerState) => unknown,
  key?: unknown,
): T {
  const { store, watch } = useComposerContext()
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for what `selector` and `reads` close over
  const [subscribe, getSnapshot] = useMemo(() => {
    let last: { state: ComposerState; value: T } | null = null
    const snapshot = (): T => {
      const state = store.getState()
      if (last?.state !== state) {
        const value = selector(state)
        last = { state, value: last && shallow(last.value, value) ? last.value : value }
      }
      return last.value
    }
    return [(listener: () => void) => watch(listener, reads), snapshot] as const
  }, [store, watch, key])
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}

/** The draft of the question on screen, for `reads`. */
export function currentDraft(state: ComposerState) {
  const question = state.request.questions[state.index]
  return question ? state.drafts[question.id] : undefined
}
