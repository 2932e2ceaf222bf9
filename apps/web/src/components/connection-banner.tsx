import { ConnectionBanner as ParleyConnectionBanner } from '@parley/react/connection'
import { useLocale } from '../locale.ts'

/**
 * The connection banner over the transcript: `@parley/react`'s own, which
 * says "Reconnecting…" or, in words, why questions cannot reach this tab
 * (signed out, this page's origin refused, …), with a "Retry now" button.
 */
export function ConnectionBanner() {
  return (
    <div className="connection">
      <ParleyConnectionBanner locale={useLocale()} />
    </div>
  )
}
