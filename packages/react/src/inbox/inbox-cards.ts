// The inbox's rows: every waiting question, and each card answered in place
// whose question has left the list since, kept with its ending until it is
// closed (or its ending says it leaves).
import type { ClientQuestion, QuestionClientState } from '@parley/client'
import { useCallback, useEffect, useRef, useState } from 'react'
import { type Attempt, endingFor } from '../composer/retired.ts'
import type { ComposerEnding } from '../composer/settled.tsx'
import { watchReceipt } from '../composer/use-ended-cards.ts'

/** A card answered in place whose question left the waiting list. */
interface Kept {
  question: ClientQuestion
  at: number
}

/** `record[key]` when it is the record's own key (a host-sent id is never a prototype's name). */
function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined
}

/** A row of the inbox: a waiting question, or an ended card (`ending`) kept until it is closed. */
interface InboxRow {
  question: ClientQuestion
  ending?: ComposerEnding | null
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
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set())
  const [kept, setKept] = useState<readonly Kept[]>([])
  const [seen, setSeen] = useState(waiting)
  const attempts = useRef(new Map<string, Attempt>())
  const [, setSettled] = useState(0)
  if (seen !== waiting) {
    // Derived in render, so a card answered in place never flashes away for a frame.
    setSeen(waiting)
    const pending = new Set(waiting.map((question) => question.rpcId))
    const left = seen.filter((question) => !pending.has(question.rpcId) && open.has(question.rpcId))
    if (left.length > 0)
      setKept((list) => [...list, ...left.map((question) => ({ question, at: now() }))])
  }

  const endingOf = (question: ClientQuestion, at: number) =>
    endingFor(
      question,
      own(own(sessions, question.sessionId)?.resolutions, question.rpcId),
      attempts.current.get(question.rpcId),
      at,
      undefined,
      own(own(sessions, question.sessionId)?.endedWith, question.rpcId),
    )
  const ended = kept.flatMap((card) => {
    const ending = endingOf(card.question, card.at)
    return ending === 'leave' ? [] : [{ question: card.question, ending }]
  })
  const leaving = ended.length !== kept.length
  // biome-ignore lint/correctness/useExhaustiveDependencies: endingOf reads the same sessions
  useEffect(() => {
    if (!leaving) return
    setKept((list) => list.filter((card) => endingOf(card.question, card.at) !== 'leave'))
  }, [leaving, sessions])

  const send = useCallback((rpcId: string, kind: Attempt['kind'], result: Promise<unknown>) => {
    attempts.current.set(rpcId, { kind, status: 'in-flight' })
    watchReceipt(result, (status) => {
      if (attempts.current.get(rpcId)?.kind === kind) attempts.current.set(rpcId, { kind, status })
      setSettled((n) => n + 1)
    })
    return result
  }, [])
  const toggle = (rpcId: string) =>
    setOpen((current) => {
      const next = new Set(current)
      if (!next.delete(rpcId)) next.add(rpcId)
      return next
    })
  const close = (rpcId: string) => {
    setKept((list) => list.filter((card) => card.question.rpcId !== rpcId))
    setOpen((current) => {
      const next = new Set(current)
      next.delete(rpcId)
      return next
    })
  }

  const rows: InboxRow[] = [...waiting.map((question) => ({ question })), ...ended].sort(
    (a, b) => a.question.requestedAt - b.question.requestedAt,
  )
  return { rows, open, toggle, close, send }
}
