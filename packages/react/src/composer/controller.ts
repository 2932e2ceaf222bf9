import {
  type ComposerEnding,
  type ComposerOutcome,
  type ComposerRequest,
  type ComposerStateReducer,
  composerIds,
  createComposerState,
  createComposerStore,
  createCompositionTracker,
  createShownStore,
  type FocusTarget,
  isFinished,
  receiptEvent,
} from '@parley/machine'
import type { AskUserQuestionAnswer } from '@parley/seam'
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import {
  type ComposerLocale,
  type ComposerMessages,
  loadComposerLocale,
  loadedComposerLocale,
} from '../locales/index.ts'
import { fill } from '../text/fill.ts'
import { useClientLayoutEffect } from '../text/layout-effect.ts'
import type { ComposerContextValue, ComposerUiState, MessagesValue } from './context.ts'
import { failureEvent } from './receipt.ts'
import {
  clearDrafts,
  createDraftSaver,
  type DraftStorage,
  defaultDraftStorage,
  readDrafts,
} from './storage.ts'
import { createConnectFor } from './use-part.ts'

/** Options shared by `useQuestionComposer` and `QuestionComposer`. */
/**
 * What `onAnswer` / `onCancel` return, read as a receipt: a promise or any
 * thenable (such as AI SDK's `addToolOutput`) that resolves with
 * `{ accepted: false, reason }` is refused and the user can retry; one that
 * resolves with anything else (an accepted `RespondReceipt`, `undefined`) is
 * accepted; one that rejects is a transport failure; nothing at all accepts
 * at once.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a callback that returns nothing is welcome here
export type ComposerSendResult = void | PromiseLike<unknown>

/** What `useQuestionComposer` (and so `QuestionComposer`) is given: the request, the senders, the drafts' storage and the words. */
export interface QuestionComposerOptions {
  /** The request to answer: `{ rpcId, sessionId, questions }`. */
  request: ComposerRequest
  /**
   * Sends the answer. Resolve when the host accepted it (a resolved
   * `{ accepted: false, reason }` receipt counts as refused); reject on a
   * transport failure. Refusals and failures show in the status region and
   * the user can retry.
   */
  onAnswer: (answer: AskUserQuestionAnswer) => ComposerSendResult
  /** Cancels the whole request. Settles like `onAnswer`. */
  onCancel: () => ComposerSendResult
  /** Built-in dictionary. @default 'en' */
  locale?: ComposerLocale | undefined
  /** Overrides any string of the dictionary. */
  messages?: Partial<ComposerMessages> | undefined
  /** Start collapsed. @default false */
  defaultMinimized?: boolean | undefined
  /** Amends any change the machine proposes (Downshift's `stateReducer`). */
  stateReducer?: ComposerStateReducer | undefined
  /**
   * Where drafts persist per `rpcId`, so a reload restores them. `null`
   * disables persistence. @default sessionStorage (when available)
   */
  draftStorage?: DraftStorage | null | undefined
  /**
   * How the host resolved the request (from its broadcast). Feeds
   * `REQUEST_RESOLVED`, which settles the card.
   */
  resolution?: ComposerOutcome | null | undefined
  /**
   * The request ended without this card's accepted answer (`ComposerSlot`
   * passes the machine's endings). Feeds `REQUEST_ENDED`: the card settles
   * and says how, keeps the drafts visible, and offers Copy,
   * `onSendAsMessage` and `onClose`.
   */
  ending?: ComposerEnding | undefined
}

/**
 * Suspends the rendering component until `promise` settles, the way
 * `React.lazy` does (React retries the render then). Unlike `use`, it is only
 * reached while the dictionary is missing, so a loaded one is read without
 * touching Suspense at all.
 */
function suspendUntil(promise: Promise<unknown>): never {
  throw promise
}

/**
 * Translator bound to a dictionary. English is at hand; another built-in
 * locale suspends until its chunk is loaded, the first time only.
 * Switching to a locale that is not loaded yet keeps the current strings until
 * the new ones are there (a deferred value), so no fallback replaces the card.
 */
export function useMessagesValue(
  locale: ComposerLocale | undefined,
  overrides: Partial<ComposerMessages> | undefined,
): MessagesValue {
  const shown = useDeferredValue(locale ?? 'en')
  const base = loadedComposerLocale(shown) ?? suspendUntil(loadComposerLocale(shown))
  // Overrides are usually inline objects: compare by content, not identity.
  const key = overrides ? JSON.stringify(overrides) : ''
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `overrides`
  return useMemo(() => {
    const messages = overrides ? { ...base, ...overrides } : base
    return { messages, t: (name, values) => fill(messages[name], values ?? {}) }
  }, [base, key])
}

function selectorFor(target: FocusTarget): string {
  switch (target.part) {
    case 'heading':
      return '[data-part="title"]'
    case 'option':
      return `[data-part="option"][data-index="${target.index}"]`
    case 'custom-answer':
      return '[data-part="custom-input"]'
    case 'submit':
      return '[data-part="submit"]'
  }
}

/** Moves focus where the machine's focus effects say, after the commit that rendered it. */
function useFocusEffects(ctx: ComposerContextValue): void {
  const focus = useStore(ctx.ui, (ui) => ui.focus)
  useClientLayoutEffect(() => {
    const root = ctx.rootRef.current
    if (!focus || !root) return
    const element =
      root.querySelector<HTMLElement>(selectorFor(focus.target)) ??
      root.querySelector<HTMLElement>('[data-part="title"]')
    if (element && !element.closest('[hidden]')) element.focus()
  }, [ctx, focus])
}

/**
 * Creates one composer's store and wiring: transport callbacks, focus and
 * announce effects, draft persistence and the host's resolution.
 */
export function useComposerController(options: QuestionComposerOptions): ComposerContextValue {
  const base = useId()
  const [context] = useState<ComposerContextValue>(() => {
    const storage =
      options.draftStorage === undefined ? defaultDraftStorage() : options.draftStorage
    const initialState = createComposerState(options.request, {
      drafts: readDrafts(storage, options.request.rpcId),
      minimized: options.defaultMinimized ?? false,
    })
    const store = createComposerStore({ request: options.request, initialState })
    const ui = createStore<ComposerUiState>()(() => ({ announcement: null, focus: null }))
    let n = 0
    store.setCallbacks({
      onFocus: (target) => ui.setState({ focus: { target, n: ++n } }),
      onAnnounce: (message) => ui.setState({ announcement: { message, n: ++n } }),
    })
    const tracker = createCompositionTracker()
    return {
      store,
      shown: createShownStore(store),
      ui,
      tracker,
      ids: composerIds(base),
      rootRef: { current: null },
      send: store.send,
      connect: createConnectFor(store.send, base, tracker),
    }
  })
  const { store } = context
  const { onAnswer, onCancel, stateReducer, request, resolution, ending } = options
  const storage = options.draftStorage === undefined ? defaultDraftStorage() : options.draftStorage

  useClientLayoutEffect(() => {
    const settle = (promise: () => ComposerSendResult) => {
      let pending: Promise<unknown>
      try {
        pending = Promise.resolve(promise())
      } catch (error) {
        pending = Promise.reject(error)
      }
      pending.then(
        (value) => store.send(receiptEvent(value)),
        (error: unknown) => store.send(failureEvent(error)),
      )
    }
    store.setCallbacks({
      onSubmit: (_rpcId, answer) => settle(() => onAnswer(answer)),
      onCancel: () => settle(onCancel),
      stateReducer,
    })
  }, [store, onAnswer, onCancel, stateReducer])

  useEffect(() => {
    // Hosts often pass a fresh `{ rpcId, questions }` object on every render:
    // only another rpcId or other content is a replay.
    // (Requests are JSON from the wire, so their JSON text is their content.)
    const current = store.getState().request
    if (request !== current && JSON.stringify(request) !== JSON.stringify(current))
      store.send({ type: 'REPLAY_REQUEST', request })
  }, [store, request])

  useEffect(() => {
    if (resolution && !ending) store.send({ type: 'REQUEST_RESOLVED', outcome: resolution })
  }, [store, resolution, ending])

  // Before paint: an ended card never shows a frame of its answering view.
  useClientLayoutEffect(() => {
    if (ending) store.send({ type: 'REQUEST_ENDED', ending })
  }, [store, ending])

  useEffect(() => {
    // Edits are saved at most every 300 ms; a move, a phase change, the page
    // hiding and unmounting write at once.
    const saver = createDraftSaver(storage)
    const unsubscribe = store.subscribe((state, previous) => {
      if (isFinished(state)) {
        saver.cancel()
        if (!isFinished(previous)) clearDrafts(storage, state.rpcId)
        return
      }
      if (state.drafts !== previous.drafts || state.index !== previous.index) saver.schedule(state)
      if (state.index !== previous.index || state.phase !== previous.phase) saver.flush()
    })
    // Either way the page may be about to go: nothing pending is lost.
    addEventListener('pagehide', saver.flush)
    document.addEventListener('visibilitychange', saver.flush)
    return () => {
      unsubscribe()
      removeEventListener('pagehide', saver.flush)
      document.removeEventListener('visibilitychange', saver.flush)
      saver.flush()
    }
  }, [store, storage])

  useFocusEffects(context)
  return context
}
