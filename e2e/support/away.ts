/**
 * The person leaving the page and coming back. Headless Chromium never hides
 * a page or takes focus from it (every tab reports `visible` and focused), so
 * these make the page report what a browser reports when its tab goes to the
 * background, and fire the same events.
 */
import type { BrowserContext, Page } from '@playwright/test'

/** The page is now hidden and unfocused, as a background tab is. */
export async function leave(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
    Object.defineProperty(document, 'hasFocus', { configurable: true, value: () => false })
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
    window.dispatchEvent(new Event('blur'))
  })
}

/** The page is visible and focused again. */
export async function comeBack(page: Page): Promise<void> {
  await page.evaluate(() => {
    const own = document as unknown as Record<string, unknown>
    delete own.visibilityState
    delete own.hidden
    delete own.hasFocus
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
    window.dispatchEvent(new Event('focus'))
  })
}

export interface ShownNotification {
  title: string
  body: string
  tag: string
}

/**
 * Grants notifications and records every `Notification` the pages make (the
 * real ones: this only keeps a reference), so a test can read and click them.
 */
export async function recordNotifications(context: BrowserContext): Promise<void> {
  await context.grantPermissions(['notifications'])
  await context.addInitScript(() => {
    const Real = window.Notification
    const shown: Notification[] = []
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options)
        shown.push(this)
      }
    }
    Object.defineProperty(Recorded, 'permission', { get: () => Real.permission })
    Object.defineProperty(Recorded, 'requestPermission', {
      value: (...args: Parameters<typeof Real.requestPermission>) =>
        Real.requestPermission(...args),
    })
    Object.defineProperty(window, 'Notification', { configurable: true, value: Recorded })
    Object.defineProperty(window, '__shownNotifications', { value: shown })
  })
}

/** The notifications the page showed, oldest first. */
export function notificationsOf(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(() => {
    const shown = (window as unknown as { __shownNotifications: Notification[] })
      .__shownNotifications
    return shown.map(({ title, body, tag }) => ({ title, body, tag }))
  })
}

/** Clicks the page's `index`-th notification, as the system would on a click. */
export async function clickNotification(page: Page, index: number): Promise<void> {
  await page.evaluate((at) => {
    const shown = (window as unknown as { __shownNotifications: Notification[] })
      .__shownNotifications
    shown[at]?.dispatchEvent(new Event('click'))
  }, index)
}
