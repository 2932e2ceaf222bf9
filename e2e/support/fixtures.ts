/**
 * The base test of every flow: a fresh browser context (so a fresh principal
 * cookie) per test, and a watch that fails the test on any uncaught page
 * error or console error in any page of that context. Nothing is allow-listed.
 */
import { test as base, type ConsoleMessage, type Page } from '@playwright/test'

export { expect } from '@playwright/test'

interface Fixtures {
  /** Every page error and console error seen in this test's context. */
  pageProblems: string[]
}

function describeConsole(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location()
  return `console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`
}

export const test = base.extend<Fixtures>({
  pageProblems: [
    async ({ context }, use) => {
      const problems: string[] = []
      const watch = (page: Page) => {
        page.on('pageerror', (error) => problems.push(`pageerror: ${error.stack ?? error.message}`))
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(describeConsole(message))
        })
      }
      for (const page of context.pages()) watch(page)
      context.on('page', watch)
      await use(problems)
      base.expect(problems, 'the pages logged errors').toEqual([])
    },
    { auto: true },
  ],
})
