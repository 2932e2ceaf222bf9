/**
 * Answers the card on screen from inside the page, as quickly as its own
 * buttons allow: the first option of each question (Next after a
 * multi-select), a typed answer for a free-text one, Approve on a plan
 * review, then Submit; resolves once the card has left.
 */

import { nextPaint, nextTask } from './paint.ts'

const CARD = '[data-scope="question-composer"][data-part="root"]'

/** A task later: React has committed the click by then. */
const tick = nextTask

/** Sets a React-controlled field's text the way typing does (the value setter, then `input`). */
function typeInto(field: HTMLTextAreaElement, text: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set
  setter?.call(field, text)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

function titleOf(card: Element): string {
  return card.querySelector('[data-part="title"]')?.textContent ?? ''
}

/** One step on the question on screen; `false` when the card is done (sent, or gone). */
async function step(card: Element, beforeSubmit: () => void): Promise<boolean> {
  const approve = card.querySelector<HTMLElement>(
    '[data-part="plan-action"][data-variant="primary"]',
  )
  if (approve) {
    await nextPaint()
    beforeSubmit()
    approve.click()
    return false
  }
  const title = titleOf(card)
  const option = card.querySelector<HTMLElement>('[data-part="option"]')
  if (option && option.getAttribute('data-state') !== 'checked') {
    option.click()
    await tick()
    if (titleOf(card) !== title) return true
  }
  const field = card.querySelector<HTMLTextAreaElement>('[data-part="custom-input"]')
  if (!option && field && field.value === '') {
    typeInto(field, 'Typed by the bench')
    await tick()
  }
  const primary = card.querySelector<HTMLElement>('[data-part="submit"]')
  if (!primary) throw new Error(`no primary button on "${title}"`)
  const submits = primary.getAttribute('data-state') === 'submit'
  if (submits) {
    // Shifts of the way here are recorded (they come with a frame) before the send's.
    await nextPaint()
    beforeSubmit()
  }
  primary.click()
  await tick()
  return !submits
}

/**
 * Answers the card in `slot`; `beforeSubmit` runs right before the click that
 * sends it. Resolves when no card is left and the chat input is back.
 */
export async function answerCard(slot: Element, beforeSubmit: () => void = () => {}) {
  const card = slot.querySelector(CARD)
  if (!card) throw new Error('no card to answer')
  for (let steps = 0; steps < 200; steps++) {
    if (!(await step(card, beforeSubmit))) break
  }
  const deadline = performance.now() + 5000
  while (slot.querySelector(CARD) || slot.querySelector('[data-part="input"][hidden]')) {
    if (performance.now() > deadline) throw new Error(`the card did not leave: ${titleOf(card)}`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}
