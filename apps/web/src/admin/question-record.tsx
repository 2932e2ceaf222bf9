/**
 * One question on record, as the person saw it: each question with its
 * detail, options and intent (an approval's tool and arguments), the answer
 * or decision, who ended it, when and where, and every amendment.
 */
import { displayText } from '@parley/react'
import type { AskUserQuestionItem } from '@parley/seam'
import { approvalDecision, approvalOf, parseRecommendedLabel } from '@parley/seam'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef } from 'react'
import { Spinner } from '../components/icons.tsx'
import { RichText } from '../components/rich-text.tsx'
import { ADMIN_PATH, followLink } from '../router.ts'
import { type AdminAmendment, type AdminAnswer, type AdminQuestion, adminApi } from './admin-api.ts'
import { actorText, placeText } from './format.ts'
import { StatusTag, Time } from './question-table.tsx'

type AnswerItem = AdminAnswer['answers'][number]

const DECISION = {
  allow: 'Allowed once',
  'allow-always': 'Allowed from now on',
  edit: 'Allowed with edited arguments',
  deny: 'Denied',
} as const

/** An approval's decision in words, from the answer as the log kept it. */
function decisionText(question: AskUserQuestionItem, item: AnswerItem | undefined): string | null {
  const approval = approvalOf(question)
  if (!approval || !item) return null
  // The log kept the edit's label but not its arguments (typed text): still an edit, not a deny.
  if (item.redacted && item.selected[0] !== undefined && item.selected[0] === approval.edit)
    return `${DECISION.edit} (the arguments are not kept in the log)`
  const decision = approvalDecision(approval, item)
  switch (decision.decision) {
    case 'allow-always':
      return `${DECISION['allow-always']} (${displayText(decision.label)})`
    case 'deny':
      if (item.redacted) return `${DECISION.deny}, with a reason the log does not keep`
      return decision.reason ? `${DECISION.deny}: ${displayText(decision.reason)}` : DECISION.deny
    default:
      return DECISION[decision.decision]
  }
}

function answerText(item: AnswerItem | undefined): string {
  if (!item) return 'No answer'
  const parts = item.selected.map((label) => displayText(parseRecommendedLabel(label).display))
  if (item.custom) parts.push(displayText(item.custom))
  if (item.redacted) parts.push('typed text (not kept in the log)')
  return parts.length > 0 ? parts.join(', ') : 'Skipped'
}

type Fact = readonly [term: string, value: ReactNode]

/** Term and value pairs; a `false` or `undefined` entry is left out. */
function Facts({ rows }: { rows: readonly (Fact | false | undefined)[] }) {
  return (
    <dl className="admin-facts">
      {rows
        .filter((row): row is Fact => Boolean(row))
        .map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  )
}

function Intent({ question }: { question: AskUserQuestionItem }) {
  const approval = approvalOf(question)
  if (approval)
    return (
      <div className="admin-intent">
        <p>
          Approval of the tool <code>{displayText(approval.tool)}</code>
        </p>
        <p className="admin-label">Arguments</p>
        <pre>
          <code>{displayText(JSON.stringify(approval.input, null, 2))}</code>
        </pre>
      </div>
    )
  if (question.intent?.kind === 'plan-review')
    return (
      <p className="admin-intent">
        Plan review: “{displayText(question.intent.approve ?? '')}” approves the plan
      </p>
    )
  return null
}

function Shown({
  question,
  item,
  ended,
}: {
  question: AskUserQuestionItem
  item: AnswerItem | undefined
  ended: boolean
}) {
  const chosen = new Set(item?.selected ?? [])
  const decision = decisionText(question, item)
  return (
    <article className="admin-question" aria-label={displayText(question.question)}>
      {question.header && <p className="admin-label">{displayText(question.header)}</p>}
      <h3 dir="auto">{displayText(question.question)}</h3>
      {question.detail && (
        <p className="admin-detail" dir="auto">
          <RichText text={question.detail} />
        </p>
      )}
      <Intent question={question} />
      {question.options && question.options.length > 0 && (
        <ul className="admin-options" aria-label="Options shown">
          {question.options.map((option) => (
            <li key={option.label} data-chosen={chosen.has(option.label) || undefined}>
              <span dir="auto">{displayText(parseRecommendedLabel(option.label).display)}</span>
              {chosen.has(option.label) && <span className="admin-chosen"> (chosen)</span>}
              {option.description && (
                <span className="admin-muted" dir="auto">
                  {' '}
                  — {displayText(option.description)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {ended && (
        <Facts rows={[['Answer', answerText(item)], decision !== null && ['Decision', decision]]} />
      )}
    </article>
  )
}

function Record({
  question,
  amendments,
}: {
  question: AdminQuestion
  amendments: readonly AdminAmendment[]
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const itemOf = (id: string) => question.answer?.answers.find((item) => item.id === id)
  const asker = question.asker
    ? [...(question.asker.parents ?? []), question.asker.name].join(' › ')
    : undefined
  return (
    <div className="admin-record">
      <h2 id="admin-record-title" ref={heading} tabIndex={-1} dir="auto">
        {displayText(question.questions[0]?.question ?? question.rpcId)}
      </h2>
      <Facts
        rows={[
          ['Outcome', <StatusTag key="s" status={question.status} />],
          question.code !== undefined && ['Code', question.code],
          question.reason !== undefined && ['Reason', question.reason],
          ['Question id', <code key="r">{question.rpcId}</code>],
          ['Session', <code key="s">{question.sessionId}</code>],
          asker !== undefined && ['Asked by', displayText(asker)],
          ['Asked', <Time key="a" ms={question.at.asked} />],
          ['Shown', <Time key="w" ms={question.at.shown} />],
          question.at.deadline !== undefined && [
            'Deadline',
            <Time key="d" ms={question.at.deadline} />,
          ],
          ['Ended', <Time key="e" ms={question.at.ended} />],
          ['By', actorText(question.by)],
          ['Where', placeText(question.where)],
        ]}
      />
      <section aria-labelledby="admin-shown">
        <h2 id="admin-shown" className="admin-section-title">
          {question.questions.length === 1
            ? 'What the person saw'
            : `What the person saw: ${question.questions.length} questions`}
        </h2>
        {question.questions.map((item) => (
          <Shown
            key={item.id}
            question={item}
            item={itemOf(item.id)}
            ended={question.status === 'answered'}
          />
        ))}
      </section>
      <section aria-labelledby="admin-amendments">
        <h2 id="admin-amendments" className="admin-section-title">
          Changes to the answer
        </h2>
        {amendments.length === 0 ? (
          <p className="admin-muted">None.</p>
        ) : (
          <ol className="admin-amendments">
            {amendments.map((amendment) => (
              <li key={amendment.revision}>
                <p>
                  Revision {amendment.revision}, <Time ms={amendment.at.amended} />, by{' '}
                  {actorText(amendment.by)} ({placeText(amendment.where)})
                </p>
                <ul>
                  {amendment.changed.map((id) => {
                    const shown = question.questions.find((item) => item.id === id)
                    const item = amendment.answer?.answers.find((one) => one.id === id)
                    return (
                      <li key={id} dir="auto">
                        {displayText(shown?.question ?? id)}: {answerText(item)}
                      </li>
                    )
                  })}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}

export function QuestionRecord({
  token,
  rpcId,
  onError,
}: {
  token: string
  rpcId: string
  onError: (error: unknown) => void
}) {
  const detail = useQuery({
    queryKey: ['admin', 'question', token, rpcId],
    queryFn: () => adminApi.get(token, rpcId),
  })
  useEffect(() => {
    if (detail.error) onError(detail.error)
  }, [detail.error, onError])
  return (
    <div className="admin-list">
      <p>
        <a href={ADMIN_PATH} onClick={(event) => followLink(event)}>
          All questions
        </a>
      </p>
      {detail.isPending ? (
        <div className="center-state" aria-busy="true">
          <Spinner />
          <span>Reading the record…</span>
        </div>
      ) : detail.isError ? (
        <p className="admin-error" role="alert">
          {detail.error.message}
        </p>
      ) : (
        <Record question={detail.data.question} amendments={detail.data.amendments} />
      )}
    </div>
  )
}
