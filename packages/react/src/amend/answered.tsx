import {
  type AskUserQuestionAnswer,
  type AskUserQuestionAsker,
  type AskUserQuestionItem,
  askerChain,
  parseRecommendedLabel,
} from '@parley/seam'
import type { AmendReceipt } from '@parley/seam/wire'
import { useId, useMemo, useRef, useState } from 'react'
import { QuestionComposer, type QuestionComposerProps } from '../composer/question-composer.tsx'
import type { ComposerLocale } from '../locales/index.ts'
import { displayText } from '../text/display-text.ts'
import { useClientLayoutEffect } from '../text/layout-effect.ts'
import { storageWithAnswer } from './answer-drafts.ts'
import { ANSWERED_MESSAGES, type AnsweredMessages } from './messages.ts'

/** The standing answer a card shows: what the host's `question/answer` frame carries. */
export interface StandingAnswer {
  rpcId: string
  sessionId: string
  questions: readonly AskUserQuestionItem[]
  asker?: AskUserQuestionAsker | undefined
  answer: AskUserQuestionAnswer
  revision: number
  /** Set once the host says it can no longer be changed. */
  closed?: 'window' | 'moved-on' | undefined
}

/** Props of {@link AnsweredCard}. */
export interface AnsweredCardProps {
  standing: StandingAnswer
  /**
   * Sends the changed answer, based on `revision` (the standing answer's
   * revision when Change was pressed), and resolves with the host's
   * receipt; a rejection is a transport failure the editor shows and lets
   * the user retry.
   */
  onChange: (answer: AskUserQuestionAnswer, revision: number) => Promise<AmendReceipt>
  /** @default 'en' */
  locale?: ComposerLocale | undefined
  /** Overrides of any of its strings. */
  messages?: Partial<AnsweredMessages> | undefined
  /** Options of the editor the Change button opens (theme, the composer's own strings…). */
  composer?: Pick<QuestionComposerProps, 'theme' | 'messages' | 'stateReducer'> | undefined
  className?: string | undefined
}

type Notice = keyof Pick<
  AnsweredMessages,
  | 'answeredChanged'
  | 'answeredWindowClosed'
  | 'answeredMovedOn'
  | 'answeredSuperseded'
  | 'answeredUnknown'
>

const REFUSED: Record<Extract<AmendReceipt, { reason: 'refused' }>['code'], Notice> = {
  AMEND_WINDOW_CLOSED: 'answeredWindowClosed',
  AMEND_MOVED_ON: 'answeredMovedOn',
  AMEND_SUPERSEDED: 'answeredSuperseded',
  AMEND_UNKNOWN: 'answeredUnknown',
}

/** One answer item in words: its labels (without "(Recommended)") and its text. */
function answerText(
  item: AskUserQuestionAnswer['answers'][number] | undefined,
  skipped: string,
): string {
  const parts = (item?.selected ?? []).map((label) => parseRecommendedLabel(label).display)
  if (item?.custom) parts.push(item.custom)
  return parts.length > 0 ? displayText(parts.join(', ')) : skipped
}

/** The summary of an answered card: who asked, each question with its standing answer, and Change or Close. */
function AnsweredSummary({
  standing,
  text,
  title,
  titleId,
  open,
  onChange,
  onClose,
}: {
  standing: StandingAnswer
  text: AnsweredMessages
  title: string
  titleId: string
  /** The answer may still change: Change shows, else Close. */
  open: boolean
  onChange: () => void
  onClose: () => void
}) {
  return (
    <>
      <p data-scope="answered" data-part="eyebrow" id={titleId} dir="auto">
        {title}
      </p>
      <dl data-scope="answered" data-part="answers">
        {standing.questions.map((question) => (
          <div key={question.id} data-scope="answered" data-part="answer">
            <dt dir="auto">{displayText(question.question)}</dt>
            <dd dir="auto">
              {answerText(
                standing.answer.answers.find((item) => item.id === question.id),
                text.answeredSkipped,
              )}
            </dd>
          </div>
        ))}
      </dl>
      <div data-scope="answered" data-part="actions">
        {open ? (
          <button
            type="button"
            data-scope="answered"
            data-part="change"
            aria-describedby={titleId}
            onClick={onChange}
          >
            {text.answeredChange}
          </button>
        ) : (
          <button type="button" data-scope="answered" data-part="close" onClick={onClose}>
            {text.answeredClose}
          </button>
        )}
      </div>
    </>
  )
}

/**
 * An answered question as a compact summary: who asked, each question with
 * the answer that stands, and "Change" while the host lets it change; once
 * it cannot, the card goes (after saying why, when a change was refused).
 * Change reopens the card with the sent answer as the draft, under
 * "Changing your answer" (`data-part="editing-label"`, which names the
 * card); its × is "Stop changing", which asks "Stop changing? Your sent
 * answer stays as it is." ("Keep changing", "Keep sent answer") and goes
 * back to the summary with the sent answer untouched; sending it delivers an amendment (`onChange`). An accepted change returns to the
 * summary, which says so; a refused one (the window passed, the assistant
 * moved on, another tab changed it first) returns to it and says why, in a
 * live region. Styled under `[data-scope="answered"]` in `styles.css`.
 */
export function AnsweredCard({
  standing,
  onChange,
  locale = 'en',
  messages,
  composer,
  className,
}: AnsweredCardProps) {
  const text = { ...(ANSWERED_MESSAGES[locale] ?? ANSWERED_MESSAGES.en), ...messages }
  // The revision the open editor started from; `null` while the summary shows.
  const [editing, setEditing] = useState<number | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const id = useId()
  const rootRef = useRef<HTMLElement>(null)
  const focusNext = useRef<'editor' | 'summary' | null>(null)
  // The host refused a change for good (window, moved on, unknown): closed here too.
  const [refused, setRefused] = useState(false)
  const open = standing.closed === undefined && !refused
  const asker = standing.asker ? askerChain(standing.asker) : null
  const request = useMemo(
    () => ({
      rpcId: standing.rpcId,
      sessionId: standing.sessionId,
      questions: standing.questions,
      ...(standing.asker && { asker: standing.asker }),
    }),
    [standing.rpcId, standing.sessionId, standing.questions, standing.asker],
  )
  // Each opening starts from the answer that stands then.
  const [storage, setStorage] = useState(() => storageWithAnswer(standing.rpcId, standing.answer))

  useClientLayoutEffect(() => {
    const target = focusNext.current
    focusNext.current = null
    const root = rootRef.current
    if (target === 'editor')
      root
        ?.querySelector<HTMLElement>('[data-scope="question-composer"][data-part="title"]')
        ?.focus()
    if (target === 'summary')
      root?.querySelector<HTMLElement>('[data-part="change"], [data-part="close"]')?.focus()
  })

  const startChange = () => {
    setStorage(storageWithAnswer(standing.rpcId, standing.answer))
    setNotice(null)
    setEditing(standing.revision)
    focusNext.current = 'editor'
  }
  const back = (next: Notice | null) => {
    setNotice(next)
    setEditing(null)
    focusNext.current = 'summary'
  }
  const send = async (answer: AskUserQuestionAnswer) => {
    const receipt = await onChange(answer, editing ?? standing.revision)
    if (receipt.accepted) back('answeredChanged')
    else if (receipt.reason === 'refused') {
      if (receipt.code !== 'AMEND_SUPERSEDED') setRefused(true)
      back(REFUSED[receipt.code])
    }
    // bad-response: the editor shows the host's reasons and stays open.
    return receipt
  }

  // Once it can no longer change, the card goes, unless it is saying why a change was refused.
  if (!open && editing === null && !(refused && notice !== null)) return null
  const isEditing = editing !== null

  return (
    <section
      ref={rootRef}
      data-scope="answered"
      data-part="root"
      data-state={isEditing ? 'editing' : open ? 'open' : 'closed'}
      aria-labelledby={`${id}-title`}
      className={className}
      lang={locale}
    >
      {isEditing ? (
        <>
          <p data-scope="answered" data-part="editing-label" id={`${id}-title`} dir="auto">
            {asker ? `${displayText(asker)} · ${text.answeredEditing}` : text.answeredEditing}
          </p>
          <QuestionComposer
            {...composer}
            // Its × says what it does to an answer already sent: nothing.
            messages={{
              dismiss: text.answeredStopChanging,
              confirmPrompt: text.answeredStopPrompt,
              confirmDiscard: text.answeredKeepSent,
              keepAnswering: text.answeredKeepChanging,
              ...composer?.messages,
            }}
            locale={locale}
            request={request}
            draftStorage={storage}
            onAnswer={send}
            onCancel={() => back(null)}
          />
        </>
      ) : (
        <AnsweredSummary
          standing={standing}
          text={text}
          title={asker ? `${displayText(asker)} · ${text.answeredEyebrow}` : text.answeredEyebrow}
          titleId={`${id}-title`}
          open={open}
          onChange={startChange}
          onClose={() => setNotice(null)}
        />
      )}
      <p data-scope="answered" data-part="notice" role="status">
        {notice && !isEditing ? text[notice] : null}
      </p>
    </section>
  )
}
