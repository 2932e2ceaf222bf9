/**
 * Reaching the person while a question waits and they are elsewhere, from
 * `@parley/react/reach`: the count in the title and on the favicon, a
 * notification per new question (once they turned notifications on in the
 * offer below) that opens that exact question, a reconnect when a phone tab
 * comes back, and the on-screen keyboard's height for the dock.
 */
import type { ClientQuestion } from '@parley/client'
import { useQuestionClient } from '@parley/react/connection'
import { NotificationPrompt, useKeyboardInset, useReachTheHuman } from '@parley/react/reach'
import { useEffect, useState } from 'react'
import { useLocale } from '../locale.ts'
import { navigate, questionHref } from '../router.ts'

const hrefOf = (question: ClientQuestion) => questionHref(question)

/** Runs the reach hooks for the whole page; offers notifications once a question has come and gone. */
export function ReachTheHuman() {
  const client = useQuestionClient()
  const locale = useLocale()
  const questions = useReachTheHuman(client, {
    questionHref: hrefOf,
    onOpen: (question) => navigate(hrefOf(question)),
    describe: () => ({ agent: 'The demo agent' }),
    locale,
  })
  useKeyboardInset()
  // Offered after the first question of this page is settled: never on load, never over a card.
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    if (questions.length > 0) setSeen(true)
  }, [questions.length])
  if (!seen || questions.length > 0) return null
  return <NotificationPrompt className="notification-offer" locale={locale} />
}
