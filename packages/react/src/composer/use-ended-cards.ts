import {
  type ComposerRequest,
  createEndingsState,
  type EndedCard,
  endingsTransition,
  type HostReport,
  isSending,
  type SendAttempt,
} from '@parley/machine'
import { useCallback, useReducer, useState } from 'react'
import { shallow } from 'zustand/shallow'
import type { ComposerSendResult } from './controller.ts'

/** Reports with the same entries are the same word: a host may pass fresh objects each render. */
function sameReport(a: HostReport, b: HostReport): boolean {
  return (
    a.stoppedAt === b.stoppedAt &&
    shallow(a.outcomes, b.outcomes) &&
    shallow(a.answers, b.answers) &&
    shallow(a.because, b.because)
  )
}

/**
 * The machine's endings (`endingsTransition` of `@parley/machine`) for one
 * surface: `ComposerSlot` (`shows: 'first'`) and the Inbox (`'opened'`) feed
 * it the pending list and the host's word as they change, and draw `cards`.
 * `send` wraps a send so its receipt reaches the machine; `departures`
 * grows when a card went away (focus goes home then).
 */
export function useEndedCards<R extends ComposerRequest>(
  pending: readonly R[],
  report: HostReport,
  shows: 'first' | 'opened',
  now: () => number,
) {
  const [state, dispatch] = useReducer(endingsTransition<R>, undefined, () =>
    createEndingsState<R>({ shows, pending, report }),
  )
  // Fed during render, so a card that leaves the pending list never flashes away for a frame.
  const [seen, setSeen] = useState({ pending, report })
  const pendingChanged = seen.pending !== pending
  const reportChanged = !sameReport(seen.report, report)
  if (pendingChanged || reportChanged) {
    setSeen({ pending, report })
    if (reportChanged) dispatch({ type: 'HOST_REPORTED', report })
    if (pendingChanged) dispatch({ type: 'PENDING_CHANGED', pending, at: now() })
  }

  const send = useCallback(
    (rpcId: string, kind: SendAttempt['kind'], result: ComposerSendResult): ComposerSendResult => {
      dispatch({ type: 'SEND_STARTED', rpcId, kind })
      Promise.resolve(result).then(
        (receipt: unknown) => dispatch({ type: 'SEND_SETTLED', rpcId, kind, receipt }),
        () => dispatch({ type: 'SEND_FAILED', rpcId, kind }),
      )
      return result
    },
    [],
  )
  const close = useCallback((rpcId: string) => dispatch({ type: 'CARD_CLOSED', rpcId }), [])
  const toggle = useCallback((rpcId: string) => dispatch({ type: 'CARD_TOGGLED', rpcId }), [])
  const cards: readonly EndedCard<R>[] = state.ended
  return {
    cards,
    opened: state.opened,
    sending: isSending(state),
    departures: state.departures,
    send,
    close,
    toggle,
  }
}
