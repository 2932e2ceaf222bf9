import {
  type QuestionClient,
  type QuestionClientState,
  selectSessionEndedBy,
  selectSessionEndedWith,
  selectSessionQuestions,
  selectSessionResolutions,
} from '@parley/client'
import { answerLines } from '@parley/machine'
import type { AskUserQuestionAnswer, AskUserQuestionItem } from '@parley/seam'
import type { QuestionOutcome } from '@parley/seam/wire'
import { useCallback, useId, useRef } from 'react'
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import type { ComposerLocale } from '../locales/index.ts'
import { fill } from '../text/fill.ts'
import { type ReachMessages, reachMessages } from './messages.ts'

/** Props of {@link QuestionLinkNotice}. */
export interface QuestionLinkNoticeProps {
  client: Pick<QuestionClient, 'store'>
  sessionId: string
  /** The question the address names. */
  rpcId: string
  /**
   * How it ended, when the app knows and this tab did not see it end (its
   * transcript, on another device). The client's own record wins.
   */
  outcome?: QuestionOutcome | undefined
  /**
   * The question's batch, when the app has it (its transcript holds the tool
   * call): the answer that counted is then shown question by question;
   * without it, as the chosen labels and typed text alone.
   */
  questions?: readonly AskUserQuestionItem[] | undefined
  /** Takes the notice away (and, in most apps, the question from the address). */
  onClose?: (() => void) | undefined
  /** @default 'en' */
  locale?: ComposerLocale | undefined
  messages?: Partial<ReachMessages> | undefined
  className?: string | undefined
}

const TEXT: Record<QuestionOutcome, keyof ReachMessages> = {
  answered: 'linkAnswered',
  cancelled: 'linkCancelled',
  aborted: 'linkAborted',
  'timed-out': 'linkTimedOut',
}

/**
 * For an address (a deep link, a notification) of a question that is no
 * longer pending: a settled notice saying how it ended ("This question was
 * answered in another window at 10:42 (Chrome on macOS).", "… timed out — no
 * answer was sent"), once the connection's replay is complete. Renders
 * nothing while the question is pending (the composer shows it), once it
 * was pending here (its own card says how it ended), or before the replay says.
 */
export function QuestionLinkNotice({
  client,
  sessionId,
  rpcId,
  outcome,
  questions,
  onClose,
  locale,
  messages,
  className,
}: QuestionLinkNoticeProps) {
  const words = reachMessages(locale, messages)
  const select = useCallback(
    (state: QuestionClientState) => {
      const resolutions = selectSessionResolutions(state, sessionId)
      const endedBy = selectSessionEndedBy(state, sessionId)
      const endedWith = selectSessionEndedWith(state, sessionId)
      return {
        open: state.connection === 'open',
        pending: selectSessionQuestions(state, sessionId).some((q) => q.rpcId === rpcId),
        outcome: Object.hasOwn(resolutions, rpcId) ? resolutions[rpcId] : undefined,
        by: Object.hasOwn(endedBy, rpcId) ? endedBy[rpcId] : undefined,
        answer: Object.hasOwn(endedWith, rpcId) ? endedWith[rpcId] : undefined,
      }
    },
    [sessionId, rpcId],
  )
  const seen = useStore(client.store, useShallow(select))
  // A question that was on screen here ends on its own card (or with this tab's answer).
  const wasPending = useRef(false)
  if (seen.pending) wasPending.current = true
  const ended = seen.outcome ?? outcome
  if (wasPending.current || (!seen.open && ended === undefined)) return null
  const time = seen.by
    ? new Intl.DateTimeFormat(locale ?? 'en', { timeStyle: 'short' }).format(seen.by.at)
    : ''
  const who = seen.by?.label ? ` (${seen.by.label})` : ''
  const text =
    seen.by && ended === 'answered'
      ? fill(words.linkAnsweredBy, { time, client: who })
      : seen.by && ended === 'cancelled'
        ? fill(words.linkCancelledBy, { time, client: who })
        : words[ended ? TEXT[ended] : 'linkGone']
  return (
    <div
      data-scope="question-link"
      data-part="root"
      data-state={ended ?? 'gone'}
      className={className}
    >
      <p data-scope="question-link" data-part="text" role="status">
        {text}
      </p>
      {ended === 'answered' && seen.answer ? (
        <AnswerShown answer={seen.answer} questions={questions} words={words} />
      ) : null}
      {onClose ? (
        <button type="button" data-scope="question-link" data-part="close" onClick={onClose}>
          {words.linkClose}
        </button>
      ) : null}
    </div>
  )
}

/** The answer that counted, one line per question (or per answered item, without the batch). */
function AnswerShown({
  answer,
  questions,
  words,
}: {
  answer: AskUserQuestionAnswer
  questions: readonly AskUserQuestionItem[] | undefined
  words: ReachMessages
}) {
  const lines = questions
    ? answerLines(questions, answer)
    : answerLines(
        answer.answers.map((item) => ({ id: item.id, question: '' })),
        answer,
      )
  const caption = useId()
  return (
    <figure data-scope="question-link" data-part="answer" aria-labelledby={caption}>
      <figcaption id={caption}>{words.linkAnswer}</figcaption>
      <ul>
        {lines.map((line) => (
          <li key={line.id}>
            {line.question ? (
              <span data-scope="question-link" data-part="answer-question">
                {line.question}{' '}
              </span>
            ) : null}
            <span data-scope="question-link" data-part="answer-value">
              {line.answer || words.linkSkipped}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  )
}
