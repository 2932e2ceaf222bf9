import type { ConnectionStatus } from '../parley/connection.tsx'
import { Spinner } from './icons.tsx'

/** A live region that shows while the connection to the host is being re-established. */
export function ConnectionBanner({ status }: { status: ConnectionStatus }) {
  const reconnecting = status === 'reconnecting'
  return (
    <div className="connection" role="status" data-state={status}>
      {reconnecting && (
        <span className="connection-pill">
          <Spinner />
          Reconnecting…
        </span>
      )}
    </div>
  )
}
