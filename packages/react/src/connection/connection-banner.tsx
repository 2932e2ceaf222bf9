import type { ConnectionReason, ConnectionStatus } from '@parley/client'
import type { ComposerLocale } from '../locales/index.ts'
import { useQuestionClient } from './client-context.tsx'
import { useConnectionProblem, useConnectionStatus } from './hooks.ts'
import { CONNECTION_MESSAGES, type ConnectionMessages } from './messages.ts'

/** Props of {@link ConnectionBanner}. */
export interface ConnectionBannerProps {
  /** @default 'en' */
  locale?: ComposerLocale | undefined
  /** Overrides of any of its strings (`connectionRetry`, `connectionForbiddenOrigin`, …). */
  messages?: Partial<ConnectionMessages> | undefined
  /** Also say "Connecting…" before the first connection is open. @default false */
  showConnecting?: boolean | undefined
  className?: string | undefined
}

type ConnectionText = keyof ConnectionMessages

const REASON_TEXT: Record<ConnectionReason, ConnectionText> = {
  unauthorized: 'connectionUnauthorized',
  'forbidden-origin': 'connectionForbiddenOrigin',
  forbidden: 'connectionForbidden',
  'not-found': 'connectionNotFound',
  busy: 'connectionBusy',
  unreachable: 'connectionUnreachable',
  protocol: 'connectionProtocol',
  'no-transport': 'connectionNoTransport',
}

function textFor(
  status: ConnectionStatus,
  reason: ConnectionReason | undefined,
  showConnecting: boolean,
): ConnectionText | null {
  if (status === 'open' || status === 'idle') return null
  if (reason) return REASON_TEXT[reason]
  if (status === 'reconnecting') return 'connectionReconnecting'
  return status === 'connecting' && showConnecting ? 'connectionConnecting' : null
}

/**
 * Says in words why questions cannot reach this tab: reconnecting, or the
 * reason the host gave (signed out, this page's origin refused, no access,
 * not found, too many tabs, unreachable), localized, with a "Retry now"
 * button while there is a problem. The text sits in a polite live region that
 * is always rendered (empty, and `data-empty`, while connected), so a change is
 * announced. Styled under `[data-scope="connection-banner"]` in `styles.css`.
 */
export function ConnectionBanner({
  locale,
  messages,
  showConnecting = false,
  className,
}: ConnectionBannerProps) {
  const client = useQuestionClient()
  const status = useConnectionStatus()
  const problem = useConnectionProblem()
  const base = CONNECTION_MESSAGES[locale ?? 'en'] ?? CONNECTION_MESSAGES.en
  const text = messages ? { ...base, ...messages } : base
  const key = textFor(status, problem?.reason, showConnecting)
  return (
    <div
      data-scope="connection-banner"
      data-part="root"
      data-state={status}
      data-reason={problem?.reason}
      data-empty={key === null ? '' : undefined}
      className={className}
    >
      <p data-part="message" role="status">
        {key === null ? null : text[key]}
      </p>
      {problem && status !== 'closed' ? (
        <button type="button" data-part="retry" onClick={() => client.reconnect()}>
          {text.connectionRetry}
        </button>
      ) : null}
    </div>
  )
}
