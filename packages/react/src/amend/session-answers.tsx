import { selectAnswers } from '@parley/client'
import { amendAnswer, amendRouteExists } from '@parley/client/amend'
import { useMemo } from 'react'
import { useStore } from 'zustand'
import { useQuestionClient } from '../connection/client-context.tsx'
import { useRouteExists } from '../connection/use-route-exists.ts'
import { AnsweredCard, type AnsweredCardProps } from './answered.tsx'

/** Props of {@link SessionAnswers}. */
export interface SessionAnswersProps extends Omit<AnsweredCardProps, 'standing' | 'onChange'> {
  /** The conversation whose answered questions are shown. */
  sessionId: string
  /** The host's amend route. @default '/api/amend' */
  amendPath?: string | undefined
}

/**
 * The answered questions of a session that may still be changed, each an
 * `AnsweredCard` sending its changes through the nearest
 * `QuestionClientProvider`'s client (`amendAnswer`). The host's
 * `question/answer` frames keep them current in every tab: a change made in
 * another tab shows here, and a card goes once the host closes it. Shown
 * once the host answers at the amend route (`amendRouteExists`).
 */
export function SessionAnswers({ sessionId, amendPath, className, ...card }: SessionAnswersProps) {
  const client = useQuestionClient()
  const answers = useStore(client.store, selectAnswers)
  const shown = useMemo(
    () => Object.values(answers).filter((standing) => standing.sessionId === sessionId),
    [answers, sessionId],
  )
  // Change needs the amend route: a host that never mounted it shows no cards.
  const route = useRouteExists(amendPath ?? '/api/amend', shown.length > 0, (own) =>
    amendRouteExists(own, sessionId, amendPath === undefined ? {} : { amendPath }),
  )
  if (shown.length === 0 || route !== true) return null
  return (
    <div data-scope="answered" data-part="list" className={className}>
      {shown.map((standing) => (
        <AnsweredCard
          key={standing.rpcId}
          {...card}
          standing={standing}
          onChange={(answer, revision) =>
            amendAnswer(
              client,
              { rpcId: standing.rpcId, sessionId, revision, answer },
              amendPath === undefined ? {} : { amendPath },
            )
          }
        />
      ))}
    </div>
  )
}
