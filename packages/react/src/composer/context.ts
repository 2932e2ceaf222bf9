import type {
  AnnounceMessage,
  ComposerApi,
  ComposerEvent,
  ComposerIds,
  ComposerState,
  ComposerStore,
  CompositionTracker,
  FocusTarget,
  ShownStore,
} from '@parley/machine'
import { createContext, useContext } from 'react'
import type { StoreApi } from 'zustand/vanilla'
import type { DetailMessages } from '../locales/en.ts'
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
  /** The state as the parts show it (a keystroke that shows nowhere leaves it): what parts subscribe to. */
  shown: ShownStore
  ui: StoreApi<ComposerUiState>
  tracker: CompositionTracker
  /** Element ids, derived from one `useId`. */
  ids: ComposerIds
  /** The root element, where focus targets are looked up. */
  rootRef: { current: HTMLElement | null }
  send: (event: ComposerEvent) => void
  /** The machine's `connect` for a state and the locale's strings (the last result is kept). */
  connect: (state: ComposerState, i18n: MessagesValue) => ComposerApi
}

export const ComposerContext = createContext<ComposerContextValue | null>(null)

/** Strings and the formatter of the current locale. */
export interface MessagesValue {
  messages: ComposerMessages
  t: (
    key: Exclude<keyof ComposerMessages, keyof DetailMessages>,
    values?: Record<string, string | number>,
  ) => string
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
