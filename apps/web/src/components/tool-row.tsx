/** One `ask_user_question` call in the transcript, in whatever state it is. */
import { displayText } from '@parley/react'
import type { ToolEvent } from '../api/types.ts'
import { followLink } from '../router.ts'
import { CheckIcon, ChevronIcon, QuestionIcon, SlashIcon, Spinner, StopIcon } from './icons.tsx'

function asked(total: number, asker: string | undefined) {
  const what = `${total} ${total === 1 ? 'question' : 'questions'}`
  return asker ? `${displayText(asker)} asked ${what}` : `Asked ${what}`
}

const OUTCOME: Record<Exclude<ToolEvent['status'], 'running' | 'answered'>, string> = {
  cancelled: 'cancelled',
  interrupted: 'interrupted',
  failed: 'failed',
}

interface ToolRowProps {
  event: ToolEvent
  /** Interrupts the agent's turn; offered while the call runs. */
  onStop?: (() => void) | undefined
  stopping?: boolean
  /** The question's own address (open it here, or paste it on another device). */
  questionLink?: string | undefined
}

/** A link to the call's question: its address, to open here or paste on another device. */
function QuestionLink({ href }: { href: string | undefined }) {
  if (href === undefined) return null
  return (
    <a className="tool-link" href={href} onClick={(event) => followLink(event)}>
      Link to this question
    </a>
  )
}

export function ToolRow({ event, onStop, stopping = false, questionLink }: ToolRowProps) {
  const title = asked(event.total, event.asker)
  if (event.status === 'running') {
    return (
      <div className="tool" data-state="running">
        <Spinner />
        <span className="tool-text">
          {title} · <span className="tool-waiting">Waiting for your answer</span>
        </span>
        <QuestionLink href={questionLink} />
        {onStop && (
          <button
            type="button"
            className="button button-ghost button-sm"
            onClick={onStop}
            disabled={stopping}
          >
            <StopIcon />
            Stop
          </button>
        )}
      </div>
    )
  }
  if (event.status === 'answered') {
    const answers = event.answers ?? []
    return (
      <details className="tool" data-state="answered">
        <summary>
          <span className="tool-icon" data-tone="success">
            <CheckIcon />
          </span>
          <span className="tool-text">
            {title} · answered {event.answered ?? 0}/{event.total}
          </span>
          <span className="tool-chevron">
            <ChevronIcon />
          </span>
        </summary>
        <dl className="tool-answers">
          {answers.map((line) => (
            <div key={line.id} className="tool-answer" data-skipped={line.skipped || undefined}>
              <dt dir="auto">{displayText(line.question)}</dt>
              <dd dir="auto">{displayText(line.answer)}</dd>
            </div>
          ))}
        </dl>
      </details>
    )
  }
  const failed = event.status === 'failed'
  return (
    <div className="tool" data-state={event.status}>
      <span className="tool-icon" data-tone={failed ? 'danger' : 'muted'}>
        {failed ? <QuestionIcon /> : <SlashIcon />}
      </span>
      <span className="tool-text">
        {title} · {OUTCOME[event.status]}
        {failed && event.code ? <code className="tool-code">{event.code}</code> : null}
      </span>
    </div>
  )
}
