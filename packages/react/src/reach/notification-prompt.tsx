import { useState } from 'react'
import type { ComposerLocale } from '../locales/index.ts'
import { type ReachMessages, reachMessages } from './messages.ts'

/** Props of {@link NotificationPrompt}. */
export interface NotificationPromptProps {
  /** @default 'en' */
  locale?: ComposerLocale | undefined
  messages?: Partial<ReachMessages> | undefined
  /**
   * Where "Not now" is remembered (`parley:notifications-prompt`).
   * @default localStorage when available; `null` remembers for this page only
   */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null | undefined
  /** Called with the browser's answer once the person chose (`granted`, `denied`, `default`). */
  onPermission?: ((permission: NotificationPermission) => void) | undefined
  className?: string | undefined
}

const KEY = 'parley:notifications-prompt'

function storageOf(given: NotificationPromptProps['storage']) {
  if (given !== undefined) return given
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

function dismissedIn(storage: Pick<Storage, 'getItem'> | null): boolean {
  try {
    return storage?.getItem(KEY) === 'dismissed'
  } catch {
    return false
  }
}

/**
 * A visible, dismissible offer to turn on notifications, shown only while
 * the browser has not been asked yet (`Notification.permission` is
 * `default`) and the person did not say "Not now". The browser's own
 * permission prompt opens only from its "Turn on" button, never on load.
 * Renders nothing on the server or where there are no notifications.
 */
export function NotificationPrompt({
  locale,
  messages,
  storage,
  onPermission,
  className,
}: NotificationPromptProps) {
  const words = reachMessages(locale, messages)
  const store = storageOf(storage)
  const [hidden, setHidden] = useState(
    () =>
      typeof Notification === 'undefined' ||
      Notification.permission !== 'default' ||
      dismissedIn(store),
  )
  if (hidden) return null
  const allow = () => {
    setHidden(true)
    void Promise.resolve(Notification.requestPermission()).then(onPermission, () => {})
  }
  const dismiss = () => {
    setHidden(true)
    try {
      store?.setItem(KEY, 'dismissed')
    } catch {
      // Remembered for this page only.
    }
  }
  return (
    <section
      data-scope="notification-prompt"
      data-part="root"
      aria-label={words.promptLabel}
      className={className}
    >
      <p data-scope="notification-prompt" data-part="text">
        {words.promptText}
      </p>
      <div data-scope="notification-prompt" data-part="actions">
        <button type="button" data-scope="notification-prompt" data-part="allow" onClick={allow}>
          {words.promptAllow}
        </button>
        <button
          type="button"
          data-scope="notification-prompt"
          data-part="dismiss"
          onClick={dismiss}
        >
          {words.promptDismiss}
        </button>
      </div>
    </section>
  )
}
