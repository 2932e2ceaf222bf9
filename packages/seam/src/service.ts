import { type AskUserQuestionAmendment, changedAnswers } from './amendment.ts'
import { UserQuestionError } from './errors.ts'
import type { AskUserQuestionAnswer } from './schemas.ts'
import type { AskUserQuestionRequest, UserQuestionProvider, ValidationIssue } from './types.ts'
import { validateAnswer } from './validate-answer.ts'
import { checkRequestIntents, checkRequestStructure } from './validate-request.ts'

/** What the optional caller policy says about the agent asking. */
export type CallerVerdict = 'live-root' | 'not-live' | 'delegated'

/** Options of {@link createUserQuestionService}. */
export interface UserQuestionServiceOptions {
  /**
   * Decides whether `request.agent` may ask the human. Only a `'live-root'`
   * caller may; `'not-live'` rejects with `CALLER_NOT_LIVE` and `'delegated'`
   * with `DELEGATED_CALLER`. Without a policy every caller may ask.
   */
  callerPolicy?: (agent: unknown) => CallerVerdict
  /**
   * The opt-in that routes delegated callers (the policy says `'delegated'`)
   * to the provider, so a subagent's question reaches the human instead of
   * failing with `DELEGATED_CALLER`: `true` for every delegated caller, or a
   * predicate on `request.agent` for some. Turn it on only where a human
   * will see those questions (say who asks with `request.asker`); an owned
   * child without a route to a human would otherwise wait forever.
   * @default false
   */
  routeDelegated?: boolean | ((agent: unknown) => boolean)
}

/** The seam: one active UI provider and the `ask()` every tool calls. */
export interface UserQuestionService {
  /**
   * Makes `provider` the active provider. Throws `DUPLICATE_PROVIDER` while
   * another is registered. The returned disposer is idempotent.
   */
  registerProvider(provider: UserQuestionProvider): () => void
  /**
   * Validates the request, hands it to the provider in the same tick, then
   * validates and normalizes the provider's answer. Rejects with a
   * `UserQuestionError` whose `code` says why.
   */
  ask(request: AskUserQuestionRequest): Promise<AskUserQuestionAnswer>
}

function fail(issues: ValidationIssue[]): UserQuestionError {
  const first = issues[0]
  const code = first?.code ?? 'INVALID_QUESTION'
  const message = issues.map((issue) => issue.message).join(' ')
  return new UserQuestionError(message, code, { cause: issues })
}

/** The provider's answer, validated against the request and normalized. */
function checked(request: AskUserQuestionRequest, answer: unknown): AskUserQuestionAnswer {
  const result = validateAnswer(request, answer)
  if (!result.ok) throw fail(result.issues)
  return result.answer
}

/**
 * The request the provider gets: its `onAmend` checks each amendment against
 * the request (validated and normalized like an answer, `changed`
 * recomputed) and drops it once the signal aborted (the agent moved on).
 * A provider's invalid amendment throws `BAD_ANSWER` back to the provider.
 */
function withCheckedAmendments(request: AskUserQuestionRequest): AskUserQuestionRequest {
  const listener = request.onAmend
  if (!listener) return request
  const onAmend = (amendment: AskUserQuestionAmendment) => {
    if (request.signal?.aborted) return
    const answer = checked(request, amendment.answer)
    const previous = checked(request, amendment.previous)
    const { rpcId, revision } = amendment
    listener({ rpcId, revision, changed: changedAnswers(previous, answer), answer, previous })
  }
  return { ...request, onAmend }
}

function aborted(signal: AbortSignal): UserQuestionError {
  return new UserQuestionError('The ask was aborted.', 'ASK_ABORTED', { cause: signal.reason })
}

/** Creates the provider-neutral question service. */
export function createUserQuestionService(
  options: UserQuestionServiceOptions = {},
): UserQuestionService {
  let active: UserQuestionProvider | null = null
  const { routeDelegated = false } = options
  const routesDelegated = (agent: unknown) =>
    typeof routeDelegated === 'function' ? routeDelegated(agent) === true : routeDelegated === true

  function precheck(request: AskUserQuestionRequest): AskUserQuestionRequest {
    // `request?.` keeps untyped JavaScript callers passing null on the rejection path.
    const signal = request?.signal
    if (signal instanceof AbortSignal && signal.aborted) throw aborted(signal)
    const structure = checkRequestStructure(request)
    if (!structure.ok) throw fail(structure.issues)
    const verdict = options.callerPolicy?.(structure.request.agent) ?? 'live-root'
    if (verdict === 'not-live')
      throw new UserQuestionError('The calling agent is not live.', 'CALLER_NOT_LIVE')
    if (verdict === 'delegated' && !routesDelegated(structure.request.agent))
      throw new UserQuestionError(
        'A delegated agent may not ask the user directly.',
        'DELEGATED_CALLER',
      )
    const intents = checkRequestIntents(structure.request)
    if (intents.length > 0) throw fail(intents)
    return structure.request
  }

  function settle(
    provider: UserQuestionProvider,
    request: AskUserQuestionRequest,
  ): Promise<AskUserQuestionAnswer> {
    // The provider is called synchronously, in the same tick as ask().
    const answered = Promise.resolve(provider.ask(request))
    const { signal } = request
    if (!signal) return answered.then((answer) => checked(request, answer))
    // One promise and one abort listener, removed as soon as the provider settles.
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(aborted(signal))
      signal.addEventListener('abort', onAbort, { once: true })
      answered.then(
        (answer) => {
          signal.removeEventListener('abort', onAbort)
          try {
            resolve(checked(request, answer))
          } catch (error) {
            reject(error)
          }
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort)
          reject(error)
        },
      )
    })
  }

  return {
    registerProvider(provider) {
      if (active !== null)
        throw new UserQuestionError(
          'A question provider is already registered.',
          'DUPLICATE_PROVIDER',
        )
      active = provider
      let disposed = false
      return () => {
        if (disposed) return
        disposed = true
        if (active === provider) active = null
      }
    },
    ask(request) {
      try {
        const checked = precheck(request)
        if (active === null)
          throw new UserQuestionError('No question provider is registered.', 'NO_PROVIDER')
        return settle(active, withCheckedAmendments(checked))
      } catch (error) {
        return Promise.reject(error)
      }
    },
  }
}
