/**
 * The operator at the keyboard, in the operator's view (`/admin`):
 * `const O = await openAdmin(page)`, `await O.enterToken()`,
 * `await O.filterBySession(id)`, `await O.openQuestion('Allow …?')`.
 * Every observation ends with an axe check of the whole page.
 */
import { type Locator, type Page, test } from '@playwright/test'
import { E2E_ADMIN_TOKEN } from './admin-token.ts'
import { expectAccessible } from './axe.ts'
import { expect } from './fixtures.ts'

export async function openAdmin(page: Page): Promise<Operator> {
  await page.goto('/admin')
  const operator = new Operator(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Operator’s view' })).toBeVisible()
  return operator
}

export class Operator {
  readonly table: Locator

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: /^Questions, newest first/ })
  }

  private step<T>(title: string, body: () => Promise<T>): Promise<T> {
    return test.step(title, body, { box: true })
  }

  async check(state: string): Promise<void> {
    await expectAccessible(this.page, state)
  }

  /** Presses Tab until `target` has focus (at most 40 times). */
  async tabTo(target: Locator, name: string): Promise<void> {
    await this.step(`I tab to ${name}`, async () => {
      for (let presses = 0; presses < 40; presses++) {
        await this.page.keyboard.press('Tab')
        if (await target.evaluate((element) => element === document.activeElement)) return
      }
      throw new Error(`Tab never reached ${name}`)
    })
  }

  async seeTokenForm(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Enter the admin token' })).toBeVisible()
    await this.check('the token form')
  }

  async enterToken(token = E2E_ADMIN_TOKEN): Promise<void> {
    await this.step('I enter the admin token', async () => {
      const field = this.page.getByRole('textbox', { name: 'Admin token', exact: true })
      await this.tabTo(field, 'the token field')
      await this.page.keyboard.type(token)
      await this.page.keyboard.press('Enter')
    })
  }

  /** The rows of the table, each as its header cell's text (the question). */
  rows(): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader') })
  }

  row(question: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('rowheader', { name: question }) })
  }

  async seeRow(question: string, outcome: string): Promise<void> {
    await expect(this.row(question).getByRole('cell').first()).toHaveText(outcome)
    await this.check(`the list with "${question}" ${outcome.toLowerCase()}`)
  }

  async filterBySession(sessionId: string): Promise<void> {
    await this.step(`I filter by session ${sessionId}`, async () => {
      await this.tabTo(
        this.page.getByRole('searchbox', { name: 'Session id' }),
        'the session field',
      )
      await this.page.keyboard.type(sessionId)
      await this.page.keyboard.press('Enter')
      await expect(this.table).toHaveAccessibleName(
        `Questions, newest first: in session ${sessionId}`,
      )
    })
  }

  /** Picks an outcome in the select with the arrow keys (a closed select changes on each). */
  async filterByOutcome(label: string): Promise<void> {
    await this.step(`I filter by outcome ${label}`, async () => {
      const select = this.page.getByRole('combobox', { name: 'Outcome' })
      await this.tabTo(select, 'the outcome select')
      const { labels, at } = await select.evaluate((element) => {
        const options = Array.from((element as HTMLSelectElement).options)
        return {
          labels: options.map((option) => option.textContent ?? ''),
          at: (element as HTMLSelectElement).selectedIndex,
        }
      })
      const wanted = labels.indexOf(label)
      if (wanted < 0) throw new Error(`The outcome select offers no ${label}`)
      const key = wanted > at ? 'ArrowDown' : 'ArrowUp'
      for (let presses = Math.abs(wanted - at); presses > 0; presses--)
        await this.page.keyboard.press(key)
      await expect(select).toHaveValue(
        (await select.locator('option').nth(wanted).getAttribute('value')) ?? '',
      )
    })
  }

  async openQuestion(question: string): Promise<void> {
    await this.step(`I open "${question}"`, async () => {
      await this.tabTo(this.row(question).getByRole('link', { name: question }), 'its link')
      await this.page.keyboard.press('Enter')
      await expect(this.page.getByRole('heading', { level: 2, name: question })).toBeFocused()
    })
  }

  /** A fact of the open record (`Outcome`, `By`, …): the definition of that term, in `within`. */
  fact(term: string, within: Locator = this.page.getByRole('main')): Locator {
    return within
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd[1]')
  }
}
