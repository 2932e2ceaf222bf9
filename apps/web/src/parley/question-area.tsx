/**
 * Wraps the chat input in the composer slot: while the session has a pending
 * question the composer takes over, and the chat input stays mounted (hidden)
 * so its draft survives. Answers and cancels go to the host through the
 * question client, as react-query mutations.
 *
 * Equivalent to `SessionComposerSlot` of `@parley/react`'s bindings; swap it
 * in once the package exports it.
 */
import { ComposerSlot } from '@parley/react'
import type { AskUserQuestionAnswer } from '@parley/seam'
import { useMutation } from '@tanstack/react-query'
import { type ReactNode, useCallback } from 'react'
import { useQuestionClient, useSessionQuestions } from './connection.tsx'

export function QuestionArea({ sessionId, children }: { sessionId: string; children: ReactNode }) {
  const client = useQuestionClient()
  const requests = useSessionQuestions(sessionId)
  const { mutateAsync: respond } = useMutation({
    mutationKey: ['parley', 'respond'],
    mutationFn: (vars: { rpcId: string; answer: AskUserQuestionAnswer }) =>
      client.respond(vars.rpcId, sessionId, vars.answer),
  })
  const { mutateAsync: cancel } = useMutation({
    mutationKey: ['parley', 'cancel'],
    mutationFn: (rpcId: string) => client.cancel(rpcId, sessionId),
  })
  const onAnswer = useCallback(
    (rpcId: string, answer: AskUserQuestionAnswer) => respond({ rpcId, answer }),
    [respond],
  )
  return (
    <ComposerSlot
      className="question-area"
      requests={requests}
      onAnswer={onAnswer}
      onCancel={cancel}
    >
      {children}
    </ComposerSlot>
  )
}
