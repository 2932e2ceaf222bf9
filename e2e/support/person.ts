/**
 * The person at the keyboard. Flows read as what they do and see:
 * `const I = await openChat(page)`, `await I.say('Start a new project')`,
 * `await I.answer('Vue')`, `await I.seeToolRow('answered 3/3')`.
 *
 * Axe checks the whole page in every state a flow passes through: each
 * observation (`see…`) ends with a check, and so does each action whose
 * result the flow would not otherwise look at (`toggle`, `typeCustom`).
 * Actions that lead somewhere (`say`, `answer`, `next`, `skip`, `submit`)
 * leave the check to the observation that follows them.
 */
import { type Locator, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe.ts'
import { expect } from './fixtures.ts'

const SESSION_URL = /\/s\/([A-Za-z0-9-]+)(?:\?q=[\w.:-]+)?$/

export interface OpenChatOptions {
  /** Opens this session instead of the newest (or a new) one. */
  sessionId?: string
  /** Opens the session at this question's address (`?q=`): a deep link. */
  rpcId?: string
  /** Run an axe check after every step. @default true */
  axe?: boolean
  /** Opens it on this origin (a cluster node's own port) instead of the config's baseURL. */
  origin?: string
}

/** Opens the demo (the newest session, or the given one) and waits for a live connection. */
export async function openChat(page: Page, options: OpenChatOptions = {}): Promise<Person> {
  const query = options.rpcId === undefined ? '' : `?q=${options.rpcId}`
  await page.goto(
    `${options.origin ?? ''}${options.sessionId ? `/s/${options.sessionId}${query}` : '/'}`,
  )
  await expect(page).toHaveURL(SESSION_URL)
  const sessionId = SESSION_URL.exec(page.url())?.[1]
  if (!sessionId) throw new Error(`Not on a session page: ${page.url()}`)
  const person = new Person(page, sessionId, options.axe ?? true)
  await person.seeConnected()
  await person.check('the chat opened')
  return person
}

export class Person {
  /** The composer card (`data-scope="question-composer"`, `data-part="root"`). */
  readonly composer: Locator
  readonly chatInput: Locator
  readonly conversation: Locator
  /** The connection banner (its message is a `role="status"` live region outside the composer). */
  readonly banner: Locator

  constructor(
    readonly page: Page,
    readonly sessionId: string,
    private readonly axe = true,
  ) {
    this.composer = page.locator('[data-scope="question-composer"][data-part="root"]')
    this.chatInput = page.getByRole('textbox', { name: 'Message', exact: true })
    this.conversation = page.getByRole('log', { name: 'Conversation' })
    this.banner = page.locator('[data-scope="connection-banner"][data-part="root"]')
  }

  /** Runs axe on the page as it is now (skipped when the chat was opened with `axe: false`). */
  async check(state: string): Promise<void> {
    if (this.axe) await expectAccessible(this.page, state)
  }

  private step<T>(title: string, body: () => Promise<T>): Promise<T> {
    return test.step(title, body, { box: true })
  }

  // ---------- the chat ----------

  async seeConnected(): Promise<void> {
    await expect(this.banner).toHaveAttribute('data-state', 'open')
  }

  /** Types a chat message and sends it with Enter. */
  async say(text: string): Promise<void> {
    await this.step(`I say "${text}"`, async () => {
      await this.chatInput.fill(text)
      await this.chatInput.press('Enter')
      // What this leads to is checked by the next thing the flow looks at.
      await expect(this.conversation.getByText(text, { exact: true }).last()).toBeVisible()
    })
  }

  async seeAgentSay(text: string | RegExp): Promise<void> {
    await this.step(`I see the agent say ${text}`, async () => {
      const said = this.conversation
        .locator('.message[data-role="agent"]')
        .filter({ hasText: text })
      await expect(said.last()).toBeVisible()
      await this.check(`the agent said ${text}`)
    })
  }

  /** The newest `ask_user_question` row in the transcript reads `text`. */
  async seeToolRow(text: string | RegExp): Promise<void> {
    await this.step(`I see the tool row read ${text}`, async () => {
      await expect(this.toolRows().last()).toContainText(text)
      await this.check(`the tool row reads ${text}`)
    })
  }

  toolRows(): Locator {
    return this.conversation.locator('.tool')
  }

  /** Presses the Stop offered while the agent waits. */
  async stopTheAgent(): Promise<void> {
    await this.step('I stop the agent', async () => {
      await this.conversation.getByRole('button', { name: 'Stop' }).click()
    })
  }

  // ---------- the composer ----------

  async seeComposer(): Promise<void> {
    // One card, checked as one condition: the card just sent stays on screen until the
    // host's receipt comes, and the next request's card may mount beside it for that
    // moment (a count of one, then two cards for the visibility check, failed a run).
    await expect(async () => {
      await expect(this.composer).toHaveCount(1, { timeout: 0 })
      await expect(this.composer).toBeVisible({ timeout: 0 })
    }).toPass({ timeout: 10_000 })
  }

  async seeNoComposer(): Promise<void> {
    await this.step('I see the chat input again', async () => {
      await expect(this.composer).toHaveCount(0)
      await expect(this.chatInput).toBeVisible()
      await this.check('the composer is gone')
    })
  }

  /** Question `index` of `total` is on screen (and, when given, its title reads `title`). */
  async seeQuestion(index: number, total: number, title?: string | RegExp): Promise<void> {
    await this.step(`I see question ${index} of ${total}`, async () => {
      // The card with this title first, then that it is the only one.
      if (title !== undefined)
        await expect(
          this.page
            .locator('[data-scope="question-composer"] [data-part="title"]')
            .filter({ hasText: title })
            .first(),
        ).toBeVisible()
      await this.seeComposer()
      if (total > 1) {
        await expect(this.part('pager-position')).toHaveText(`${index} / ${total}`)
        await expect(this.part('marker').nth(index - 1)).toHaveAttribute('aria-current', 'step')
      }
      if (title !== undefined) await expect(this.title()).toHaveText(title)
      await this.check(`question ${index} of ${total} is shown`)
    })
  }

  title(): Locator {
    return this.part('title')
  }

  /** Any part of the composer by its `data-part`. */
  part(name: string): Locator {
    return this.composer.locator(`[data-part="${name}"]`)
  }

  option(label: string): Locator {
    return this.composer.getByRole('radio', { name: label, exact: true })
  }

  /** An approval's decision button ("Allow once", "Deny", …). */
  decision(label: string): Locator {
    return this.part('approval-decisions').getByRole('button', { name: label, exact: true })
  }

  checkbox(label: string): Locator {
    return this.composer.getByRole('checkbox', { name: label, exact: true })
  }

  /** The custom answer field ("Other answer", or "Your answer" on a free-text question). */
  customField(): Locator {
    return this.part('custom-input')
  }

  /** Chooses a single-select option. */
  async answer(label: string): Promise<void> {
    await this.step(`I answer "${label}"`, async () => {
      // The choice advances; the question it leads to is checked by `seeQuestion`.
      await this.option(label).click()
    })
  }

  /** Checks or unchecks a multi-select option. */
  async toggle(label: string): Promise<void> {
    await this.step(`I toggle "${label}"`, async () => {
      const box = this.checkbox(label)
      const was = await box.getAttribute('aria-checked')
      await box.click()
      await expect(box).toHaveAttribute('aria-checked', was === 'true' ? 'false' : 'true')
      await this.check(`toggled "${label}"`)
    })
  }

  async seeChecked(label: string, multi = false): Promise<void> {
    const control = multi ? this.checkbox(label) : this.option(label)
    await expect(control).toHaveAttribute('aria-checked', 'true')
  }

  /** Types into the custom answer field (replacing what was there). */
  async typeCustom(text: string): Promise<void> {
    await this.step(`I type "${text}" as my own answer`, async () => {
      await this.customField().fill(text)
      await expect(this.customField()).toHaveValue(text)
      await this.check(`typed "${text}"`)
    })
  }

  /** Presses the primary button while it reads "Next". */
  async next(): Promise<void> {
    await this.step('I press Next', async () => {
      await this.composer.getByRole('button', { name: 'Next', exact: true }).click()
    })
  }

  async skip(): Promise<void> {
    await this.step('I skip this question', async () => {
      await this.composer.getByRole('button', { name: 'Skip', exact: true }).click()
    })
  }

  async submit(): Promise<void> {
    await this.step('I submit', async () => {
      await this.composer.getByRole('button', { name: 'Submit', exact: true }).click()
    })
  }

  /** Presses the × of the card. */
  async dismiss(): Promise<void> {
    await this.step('I dismiss the question', async () => {
      await this.composer.getByRole('button', { name: 'Dismiss question' }).click()
    })
  }

  /** Confirms "Discard your answers?". */
  async confirmDiscard(): Promise<void> {
    await this.step('I confirm discarding my answers', async () => {
      await expect(this.composer.getByText('Discard your answers?')).toBeVisible()
      await this.check('the discard confirmation is shown')
      await this.composer.getByRole('button', { name: 'Discard', exact: true }).click()
    })
  }

  /** The composer's `role="status"` region reads `text`. */
  async seeStatus(text: string | RegExp): Promise<void> {
    await this.step(`I see the status "${text}"`, async () => {
      await expect(this.part('status')).toContainText(text)
      await this.check(`the status reads ${text}`)
    })
  }

  /** Presses one of the plan-review card's buttons (Approve, Keep planning, Chat about it). */
  async reviewPlan(choice: string): Promise<void> {
    await this.step(`I choose "${choice}" on the plan`, async () => {
      await this.composer.getByRole('button', { name: choice, exact: true }).click()
    })
  }

  // ---------- the keyboard ----------

  async press(key: string): Promise<void> {
    await this.step(`I press ${key}`, async () => {
      await this.page.keyboard.press(key)
    })
  }

  /** Presses Tab until the control named `name` has focus (at most 30 times). */
  async tabTo(name: string): Promise<void> {
    await this.step(`I tab to "${name}"`, async () => {
      for (let presses = 0; presses < 30; presses++) {
        await this.page.keyboard.press('Tab')
        const focused = await this.page.evaluate(() => {
          const element = document.activeElement
          return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? ''
        })
        if (focused === name) return
      }
      throw new Error(`Tab never reached "${name}"`)
    })
  }

  /** The element with keyboard focus. */
  focused(): Locator {
    return this.page.locator(':focus')
  }
}
