// The inbox's rows: every waiting question, and each card answered in place
// whose question has left the list since, kept with its ending until it is
// closed (or its ending says it leaves). The machine's endings decide which.
import type { ClientQuestion, QuestionClientState } from '@parley/client'
import type { ComposerEnding, HostReport } from '@parley/machine'
import { useMemo } from 'react'
import { useEndedCards } from '../composer/use-ended-cards.ts'

/** A row of the inbox: a waiting question, or an ended card (`ending`; `null` while this tab's send is in flight). */
interface InboxRow {
  question: ClientQuestion
  ending?: ComposerEnding | null
}

/** The host's word on every session's ended questions, as one report by rpcId. */
function reportOf(sessions: QuestionClientState['sessions']): HostReport {
  // No prototype: an rpcId such as `__proto__` is a plain key.
  const outcomes: NonNullable<HostReport['outcomes']> = Object.create(null)
  const answers: NonNullable<HostReport['answers']> = Object.create(null)
  for (const session of Object.values(sessions)) {
    Object.assign(outcomes, session.resolutions)
    Object.assign(answers, session.endedWith)
  }
  return { outcomes, answers }
}

/**
 * The inbox's rows oldest first, which cards are open, and the doors that
 * change them: `toggle` opens or closes a card, `close` removes an ended
 * one, `send` records an answer or cancel in flight so its ending is read
 * rightly.
 */
export function useInboxCards(
  waiting: readonly ClientQuestion[],
  sessions: QuestionClientState['sessions'],
  now: () => number,
) {
  const report = useMemo(() => reportOf(sessions), [sessions])
  const { cards, opened, send, close, toggle } = useEndedCards(waiting, report, 'opened', now)
  const open = useMemo(() => new Set(opened), [opened])
  const rows: InboxRow[] = [
    ...waiting.map((question) => ({ question })),
    ...cards.map((card) => ({ question: card.request, ending: card.ending })),
  ].sort((a, b) => a.question.requestedAt - b.question.requestedAt)
  return { rows, open, toggle, close, send }
}
