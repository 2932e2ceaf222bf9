import { type AskUserQuestionAnswer, loadPatternEngine } from '@parley/seam'
import { createStore } from 'zustand/vanilla'
import { assertNever } from './assert-never.ts'
import { toAnswer } from './composer.selectors.ts'
import { createComposerState } from './composer.state.ts'
import { transition } from './composer.transition.ts'
import type {
  AnnounceMessage,
  ComposerEffect,
  ComposerEvent,
  ComposerRequest,
  ComposerState,
  FocusTarget,
} from './composer.types.ts'

/**
 * Amends a change before it is applied (Downshift's `stateReducer`). `changes`
 * is what the machine proposes; return it, a variant of it, or `state` to veto
 * the event (then no effect runs).
 */
export type ComposerStateReducer = (
  state: ComposerState,
  action: { event: ComposerEvent; changes: ComposerState },
) => ComposerState

/** The callbacks the store runs effects through. Each may be replaced at any time. */
export interface ComposerCallbacks {
  /** Hand the answer to the transport; report back with `RECEIPT_*` / `TRANSPORT_FAILED`. */
  onSubmit?: ((rpcId: string, answer: AskUserQuestionAnswer) => void) | undefined
  /** Hand the cancel to the transport; report back with `RECEIPT_*` / `TRANSPORT_FAILED`. */
  onCancel?: ((rpcId: string) => void) | undefined
  /** Move DOM focus to a part. */
  onFocus?: ((target: FocusTarget) => void) | undefined
  /** Put a message in the live region. */
  onAnnounce?: ((message: AnnounceMessage) => void) | undefined
  /** See {@link ComposerStateReducer}. */
  stateReducer?: ComposerStateReducer | undefined
}

/** Options of {@link createComposerStore}. */
export interface ComposerStoreOptions extends ComposerCallbacks {
  /** The request to answer. */
  request: ComposerRequest
  /** Start from this state instead of `createComposerState(request)`. */
  initialState?: ComposerState | undefined
}

/** A vanilla store compatible with zustand's `useStore(store, selector)`. */
export interface ComposerStore {
  getState(): ComposerState
  getInitialState(): ComposerState
  /** `listener(state, previous)` after each change; returns unsubscribe. */
  subscribe(listener: (state: ComposerState, previous: ComposerState) => void): () => void
  /** Applies an event: transition, `stateReducer`, notify, then run effects. */
  send(event: ComposerEvent): void
  /** Replaces some callbacks (pass fresh closures on each render). */
  setCallbacks(callbacks: ComposerCallbacks): void
}

/**
 * Keeps the transition's effects consistent with a state the reducer amended:
 * a veto (the previous state returned) runs nothing; `submit` and `cancel`
 * run only if the amended state is in that phase, with the amended answer.
 */
function reconcileEffects(
  previous: ComposerState,
  proposed: ComposerState,
  applied: ComposerState,
  effects: ComposerEffect[],
): ComposerEffect[] {
  if (applied === proposed) return effects
  if (applied === previous) return []
  const kept: ComposerEffect[] = []
  for (const effect of effects) {
    if (effect.type === 'submit') {
      if (applied.phase === 'submitting' && previous.phase !== 'submitting')
        kept.push({ ...effect, answer: toAnswer(applied) })
    } else if (effect.type === 'cancel') {
      if (applied.phase === 'cancelling' && previous.phase !== 'cancelling') kept.push(effect)
    } else kept.push(effect)
  }
  return kept
}

/** Creates the composer's store: applies transitions and runs effects through callbacks. */
export function createComposerStore(options: ComposerStoreOptions): ComposerStore {
  const { request, initialState, ...callbacks } = options
  // A browser fetches the pattern engine on first use: start now, before the first keystroke.
  if (request.questions.some((question) => question.input?.pattern !== undefined))
    void loadPatternEngine()
  let current: ComposerCallbacks = { ...callbacks }
  const store = createStore<ComposerState>()(() => initialState ?? createComposerState(request))
  const inbox: ComposerEvent[] = []
  let running = false

  const run = (effect: ComposerEffect) => {
    switch (effect.type) {
      case 'submit':
        return current.onSubmit?.(effect.rpcId, effect.answer)
      case 'cancel':
        return current.onCancel?.(effect.rpcId)
      case 'focus':
        return current.onFocus?.(effect.target)
      case 'announce':
        return current.onAnnounce?.(effect.message)
      default:
        return assertNever(effect)
    }
  }

  const step = (event: ComposerEvent) => {
    const previous = store.getState()
    const [proposed, effects] = transition(previous, event)
    const applied = current.stateReducer
      ? current.stateReducer(previous, { event, changes: proposed })
      : proposed
    if (applied !== previous) store.setState(applied, true)
    for (const effect of reconcileEffects(previous, proposed, applied, effects)) run(effect)
  }

  return {
    getState: store.getState,
    getInitialState: store.getInitialState,
    subscribe: store.subscribe,
    send(event) {
      // Events sent by a callback while effects run are handled after them, in order.
      inbox.push(event)
      if (running) return
      running = true
      try {
        for (let next = inbox.shift(); next; next = inbox.shift()) step(next)
      } finally {
        running = false
        inbox.length = 0
      }
    },
    setCallbacks(callbacks) {
      current = { ...current, ...callbacks }
    },
  }
}
