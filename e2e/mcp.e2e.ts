import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'

// An MCP server elicits a typed form; Parley (the demo's MCP client) shows it
// in the chat and the server receives what the user chose, typed.

const booking = {
  message: 'Book a table for the launch dinner',
  requestedSchema: {
    type: 'object',
    properties: {
      guests: { type: 'integer', title: 'How many guests?', minimum: 1, maximum: 12 },
      terrace: { type: 'boolean', title: 'Sit on the terrace?' },
      time: {
        type: 'string',
        title: 'Which time?',
        oneOf: [
          { const: '19:00', title: '7 pm' },
          { const: '21:00', title: '9 pm' },
        ],
      },
    },
    required: ['guests', 'time'],
  },
}

function elicit(request: APIRequestContext, sessionId: string) {
  return request
    .post('/api/test/elicit', { data: { sessionId, ...booking }, timeout: 60_000 })
    .then(async (response) => {
      expect(response.status(), await response.text()).toBe(200)
      return response.json()
    })
}

test('the server gets typed content, after the user fixed a number out of range', async ({
  page,
}) => {
  const I = await openChat(page)
  const result = elicit(page.request, I.sessionId)
  await I.seeQuestion(1, 1, 'Book a table for the launch dinner')
  await I.answer('Answer')
  await I.submit()

  await I.seeQuestion(1, 3, 'How many guests?')
  await expect(I.composer.getByRole('button', { name: 'Skip' })).toHaveAttribute(
    'aria-disabled',
    'true',
  )
  await I.customField().fill('20')
  await expect(I.part('status')).toHaveText('Enter 12 or less.')
  await expect(I.composer.getByRole('button', { name: 'Next', exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  )
  await I.check('a number out of range')
  await I.customField().fill('4')
  await expect(I.part('status')).toHaveText('')
  await I.next()
  await I.seeQuestion(2, 3, 'Sit on the terrace?')
  await I.answer('Yes')
  await I.seeQuestion(3, 3, 'Which time?')
  await I.answer('9 pm')
  await I.submit()
  await I.seeNoComposer()

  expect(await result).toEqual({
    action: 'accept',
    content: { guests: 4, terrace: true, time: '21:00' },
  })
})

test('Decline reaches the server as decline, and closing the card as cancel', async ({ page }) => {
  const I = await openChat(page)
  const declined = elicit(page.request, I.sessionId)
  await I.seeQuestion(1, 1, 'Book a table for the launch dinner')
  await I.answer('Decline')
  await I.submit()
  expect(await declined).toEqual({ action: 'decline' })
  await I.seeNoComposer()

  const cancelled = elicit(page.request, I.sessionId)
  await I.seeQuestion(1, 1, 'Book a table for the launch dinner')
  await I.composer.getByRole('button', { name: 'Dismiss question' }).click()
  expect(await cancelled).toEqual({ action: 'cancel' })
  await I.seeNoComposer()
})
