import { isBlankText } from '@parley/seam'
import { type ComposerApi, type ConnectOptions, connect } from './composer.connect.ts'
import { createStatusesSelector } from './composer.selectors.ts'
import type { ComposerEvent, ComposerState } from './composer.types.ts'

/** Getters that read the current question's draft: cached per selection, skip and blankness. */
const READS_DRAFT = new Set([
  'option',
  'getOptionProps',
  'getPlanActionProps',
  'planActionText',
  'getQuestionProps',
  'getCustomAnswerProps',
])
/** Getters that read every question's status: cached per statuses. */
const READS_STATUSES = new Set(['getMarkerProps', 'getMarkersProps'])
/** Functions that are not cached. */
const UNCACHED = new Set(['send', 'announcement'])

function sameExceptDrafts(a: ComposerState, b: ComposerState): boolean {
  for (const key in a) {
    const field = key as keyof ComposerState
    if (field !== 'drafts' && a[field] !== b[field]) return false
  }
  return true
}

function draftKey(state: ComposerState): unknown[] {
  const question = state.request.questions[state.index]
  const draft = question ? state.drafts[question.id] : undefined
  return [draft?.selected, draft?.skipped, isBlankText(draft?.custom ?? '')]
}

/** Values cached while the key they depend on stays the same. */
interface Slot {
  key: readonly unknown[]
  values: Map<string, unknown>
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, at) => value === b[at])

function slot(current: Slot, key: readonly unknown[]): Slot {
  return sameKey(current.key, key) ? current : { key, values: new Map() }
}

/** A result of a memoised connect. */
export type MemoisedApi = ComposerApi & {
  /**
   * The same object while every getter would return the same objects as
   * before (only the custom text or `state` itself changed): a subscriber
   * that reads getters may skip a change that keeps the revision.
   */
  revision: object
}

/**
 * A memoised {@link connect} for one composer. The same state gives the same
 * result, and a getter returns the very same object as before while what it
 * reads is unchanged: a keystroke in the custom answer changes only the
 * draft, so the header's, footer's and options' props stay the same objects
 * and a renderer comparing by identity skips them all. `connect` runs again
 * only when something a getter reads changed. The getters answer for the
 * latest state given (a renderer asks for the current state's result).
 */
export function createConnect(
  send: (event: ComposerEvent) => void,
  options: Omit<ConnectOptions, 'statuses'>,
): (state: ComposerState) => MemoisedApi {
  const statuses = createStatusesSelector()
  const settings: ConnectOptions = { ...options, statuses }
  let frame: { state: ComposerState; api: ComposerApi; merged: ComposerApi } | undefined
  let cache = new Map<string, unknown>()
  let draft: Slot = { key: [], values: new Map() }
  let marks: Slot = { key: [], values: new Map() }
  // The latest state, its result from `connect` (made when first needed) and its keys.
  let now: { state: ComposerState; fresh: ComposerApi | null }
  let last: { state: ComposerState; api: MemoisedApi } | null = null

  const fresh = () => {
    now.fresh ??= connect(now.state, send, settings)
    return now.fresh
  }
  const cacheOf = (name: string) => {
    if (READS_DRAFT.has(name)) return draft.values
    if (READS_STATUSES.has(name)) return marks.values
    return cache
  }
  const getters = (api: ComposerApi) => {
    const memo: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(api)) {
      if (typeof value !== 'function' || UNCACHED.has(name)) continue
      memo[name] = (...args: unknown[]) => {
        const values = cacheOf(name)
        const key = args.length === 0 ? name : `${name}:${args.join(':')}`
        if (!values.has(key)) {
          const getter = (fresh() as unknown as Record<string, (...a: unknown[]) => unknown>)[name]
          values.set(key, getter?.(...args))
        }
        return values.get(key)
      }
    }
    return memo
  }

  let revision: object = {}
  return (state) => {
    if (last?.state === state) return last.api
    now = { state, fresh: null }
    const before = { frame, draft, marks }
    if (!frame || !sameExceptDrafts(frame.state, state)) {
      const api = fresh()
      frame = { state, api, merged: { ...api, ...getters(api) } as ComposerApi }
      cache = new Map()
      draft = { key: [], values: new Map() }
      marks = { key: [], values: new Map() }
    }
    draft = slot(draft, draftKey(state))
    marks = slot(marks, [statuses(state)])
    if (before.frame !== frame || before.draft !== draft || before.marks !== marks) revision = {}
    // Only the state and the custom text differ from the frame's values.
    const question = frame.api.question
    const text = question ? (state.drafts[question.id]?.custom ?? '') : ''
    const api: MemoisedApi =
      state === frame.state
        ? { ...frame.merged, revision }
        : { ...frame.merged, state, customText: text, revision }
    last = { state, api }
    return api
  }
}
