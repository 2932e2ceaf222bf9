import type { AskUserQuestionAnswer } from '@parley/seam'
import { useCallback } from 'react'
import { ComposerSlot, type ComposerSlotProps } from '../composer/composer-slot.tsx'
import { useCancel, useRespond, useSessionQuestions, useSessionResolutions } from './hooks.ts'

/** Props of {@link SessionComposerSlot}: a `ComposerSlot` whose requests come from the client. */
export interface SessionComposerSlotProps
  extends Omit<ComposerSlotProps, 'requests' | 'resolutions' | 'onAnswer' | 'onCancel'> {
  /** The conversation whose pending questions take over the chat input. */
  sessionId: string
}

/**
 * `ComposerSlot` wired to the nearest `QuestionClientProvider`: the session's
 * pending requests take over the chat input, answers and cancels go to the
 * host, the host's outcomes reach the slot as `resolutions`, and the chat
 * input comes back once the host resolves them.
 */
export function SessionComposerSlot({ sessionId, ...slotProps }: SessionComposerSlotProps) {
  const requests = useSessionQuestions(sessionId)
  const resolutions = useSessionResolutions(sessionId)
  const respond = useRespond()
  const cancel = useCancel()
  const { mutateAsync: sendAnswer } = respond
  const { mutateAsync: sendCancel } = cancel
  const onAnswer = useCallback(
    (rpcId: string, answer: AskUserQuestionAnswer) => sendAnswer({ rpcId, sessionId, answer }),
    [sendAnswer, sessionId],
  )
  const onCancel = useCallback(
    (rpcId: string) => sendCancel({ rpcId, sessionId }),
    [sendCancel, sessionId],
  )
  return (
    <ComposerSlot
      {...slotProps}
      requests={requests}
      resolutions={resolutions}
      onAnswer={onAnswer}
      onCancel={onCancel}
    />
  )
}
