import { isBlankText } from '@parley/seam'
import { type ComposerApi, type ConnectOptions, connect } from './composer.connect.ts'
import { createStatusesSelector } from './composer.selectors.ts'
import type { ComposerEvent, ComposerState } from './composer.types.ts'

/** A result of a memoised connect. */
export type MemoisedApi = ComposerApi & {
  /**
   * The same object while every getter gives what it gave before (only the
   * custom text, with the same blankness, or `state` itself changed): a
   * subscriber that reads getters may skip a change that keeps the revision.
   */
  revision: object
}

function sameExceptDrafts(a: ComposerState, b: ComposerState): boolean {
  for (const key in a) {
    const field = key as keyof ComposerState
    if (field !== 'drafts' && a[field] !== b[field]) return false
  }
  return true
}

/**
 * A memoised {@link connect} for one composer. The same state gives the same
 * result. A change that no getter shows (a keystroke that keeps the custom
 * answer filled, the selection and every question's status) keeps the
 * getters and the `revision`, and only `state` and `customText` are new:
 * `connect` does not even run for it.
 */
export function createConnect(
  send: (event: ComposerEvent) => void,
  options: Omit<ConnectOptions, 'statuses'>,
): (state: ComposerState) => MemoisedApi {
  const statuses = createStatusesSelector()
  const settings: ConnectOptions = { ...options, statuses }
  let last: { state: ComposerState; api: MemoisedApi; shown: unknown[] } | null = null
  return (state) => {
    if (last?.state === state) return last.api
    const question = state.request.questions[state.index]
    const draft = question ? state.drafts[question.id] : undefined
    const customText = draft?.custom ?? ''
    // What the getters read of the drafts.
    const shown = [draft?.selected, draft?.skipped, isBlankText(customText), statuses(state)]
    const same =
      last !== null &&
      sameExceptDrafts(last.state, state) &&
      shown.every((value, at) => value === last?.shown[at])
    const api: MemoisedApi = same
      ? { ...(last as { api: MemoisedApi }).api, state, customText }
      : { ...connect(state, send, settings), revision: {} }
    last = { state, api, shown }
    return api
  }
}
