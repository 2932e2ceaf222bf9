import { isBlankText } from '@parley/seam'
import { createStore } from 'zustand/vanilla'
import { type ComposerApi, type ConnectOptions, connect } from './composer.connect.ts'
import {
  createStatusesSelector,
  hasAnswerConstraints,
  questionIssues,
  selectCurrentQuestion,
} from './composer.selectors.ts'
import type { ComposerStore } from './composer.store.ts'
import type { ComposerEvent, ComposerState } from './composer.types.ts'

/**
 * A read-only store shaped like zustand's: `useStore(shown, selector)` reads it.
 * Its state is the composer's state as the parts show it.
 */
export type ShownStore = Pick<ComposerStore, 'getState' | 'getInitialState' | 'subscribe'>

function sameExceptDrafts(a: ComposerState, b: ComposerState): boolean {
  for (const key in a) {
    const field = key as keyof ComposerState
    if (field !== 'drafts' && a[field] !== b[field]) return false
  }
  return true
}

/**
 * Follows `store`, except through a change that no getter of {@link connect}
 * shows: a keystroke that keeps the custom answer filled (or empty), the
 * selection, every question's status and the first constraint the answer
 * breaks. Then it keeps its state and notifies
 * no one, so parts subscribed to it are not even asked about the keystroke.
 * The custom text is the one thing it does not follow: read it from `store`
 * (`selectCustomText`).
 */
export function createShownStore(store: ComposerStore): ShownStore {
  const statuses = createStatusesSelector()
  // What the getters read of the drafts.
  const readsOf = (state: ComposerState): unknown[] => {
    const question = selectCurrentQuestion(state)
    const draft = question && state.drafts[question.id]
    // A typed answer checked against constraints shows its first broken rule as it is typed.
    const broken = hasAnswerConstraints(question)
      ? questionIssues(state, state.index)[0]
      : undefined
    return [
      draft?.selected,
      draft?.skipped,
      isBlankText(draft?.custom ?? ''),
      statuses(state),
      broken,
    ]
  }
  const shown = createStore<ComposerState>()(store.getState)
  let reads = readsOf(store.getState())
  store.subscribe((state) => {
    const next = readsOf(state)
    if (!sameExceptDrafts(shown.getState(), state) || next.some((value, at) => value !== reads[at]))
      shown.setState(state, true)
    reads = next
  })
  return shown
}

/**
 * A memoised {@link connect} for one composer: the same state gives the same
 * result. Call it with the state of a {@link createShownStore}, and it runs
 * only when something the parts show changed.
 */
export function createConnect(
  send: (event: ComposerEvent) => void,
  options: Omit<ConnectOptions, 'statuses'>,
): (state: ComposerState) => ComposerApi {
  const settings: ConnectOptions = { ...options, statuses: createStatusesSelector() }
  let last: { state: ComposerState; api: ComposerApi } | null = null
  return (state) => {
    if (last?.state !== state) last = { state, api: connect(state, send, settings) }
    return last.api
  }
}
