import '../src/app.css'
import '@parley/react/styles.css'
import type { ComposerRequest } from '@parley/machine'
import { ComposerSlot } from '@parley/react'
import { render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { TranscriptEvent } from '../src/api/types.ts'
import { Transcript } from '../src/components/transcript.tsx'

/**
 * The demo's chat column in real Chromium, with its stylesheets: the
 * transcript, and the dock whose composer slot takes over the chat input.
 * What a person sees: nothing on the page moves when a question takes over
 * or hands back (the Layout Instability API reports no shift), and the
 * conversation's last line stays in view above the card.
 */
const REQUEST: ComposerRequest = {
  rpcId: 'r1',
  sessionId: 's1',
  questions: [
    {
      id: 'framework',
      header: 'Framework',
      question: 'Which framework should the project use?',
      options: [
        { label: 'React', description: 'Largest ecosystem.' },
        { label: 'Vue', description: 'Single-file components.' },
        { label: 'Svelte', description: 'Compiles away.' },
      ],
    },
  ],
}

const events: TranscriptEvent[] = Array.from({ length: 12 }, (_, index) => ({
  kind: 'message',
  id: `m${index}`,
  role: index % 2 === 0 ? 'user' : 'agent',
  text: index === 11 ? 'The last thing the agent said.' : `Message number ${index}.`,
  at: index,
}))

function Column({ requests }: { requests: ComposerRequest[] }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '640px', width: '900px' }}>
      <main className="main">
        <Transcript events={events} />
        <div className="dock">
          <ComposerSlot
            className="question-area"
            layout="overlay"
            requests={requests}
            onAnswer={() => {}}
            onCancel={() => {}}
          >
            <textarea aria-label="Message" rows={3} />
          </ComposerSlot>
        </div>
      </main>
    </div>
  )
}

interface Shift {
  value: number
}

/** Layout shifts from now on, as Chromium reports them, until `stop()` a few frames later. */
function recordShifts(): { stop: () => Promise<Shift[]> } {
  const shifts: Shift[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) shifts.push(entry as unknown as Shift)
  })
  observer.observe({ type: 'layout-shift' })
  return {
    async stop() {
      await frames(4)
      // What the observer has queued, delivered.
      for (const entry of observer.takeRecords()) shifts.push(entry as unknown as Shift)
      observer.disconnect()
      return shifts
    },
  }
}

const frames = (count: number) =>
  new Promise<void>((resolve) => {
    const next = (left: number) =>
      left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1))
    next(count)
  })

beforeAll(async () => {
  await page.viewport(1280, 720)
})

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the demo dock', () => {
  it('takes over the chat input and hands it back without moving anything', async () => {
    const view = render(<Column requests={[]} />)
    await frames(3)
    const takeover = recordShifts()
    view.rerender(<Column requests={[REQUEST]} />)
    await screen.findByRole('heading', { name: 'Which framework should the project use?' })
    const shifts = await takeover.stop()
    // The user's answer changes the card under their click ("Sent. Waiting for the assistant…"):
    // not a takeover's nor a hand back's doing.
    await userEvent.click(screen.getByRole('radio', { name: /Vue/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    await screen.findByText(/Sent/)
    await frames(2)
    const handback = recordShifts()
    view.rerender(<Column requests={[]} />)
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeVisible())
    shifts.push(...(await handback.stop()))
    expect(shifts.map((shift) => shift.value)).toEqual([])
  })

  it('keeps the conversation’s last line in view above the card', async () => {
    render(<Column requests={[REQUEST]} />)
    const title = await screen.findByRole('heading', {
      name: 'Which framework should the project use?',
    })
    const card = title.closest('[data-scope="composer-slot"][data-part="composer"]') as HTMLElement
    const last = screen.getByText('The last thing the agent said.')
    await waitFor(() => {
      expect(last.getBoundingClientRect().bottom).toBeLessThanOrEqual(
        card.getBoundingClientRect().top,
      )
    })
    const log = screen.getByRole('log', { name: 'Conversation' })
    // The line is within the log's visible box, not scrolled away above it.
    expect(last.getBoundingClientRect().top).toBeGreaterThanOrEqual(log.getBoundingClientRect().top)
    // The chat input keeps its place under the card, unseen and out of reach.
    const input = screen.getByLabelText('Message')
    expect(getComputedStyle(input).visibility).toBe('hidden')
  })
})

describe('a question that waited over the chat input', () => {
  it('takes over without a shift once the user stops typing', async () => {
    const view = render(<Column requests={[]} />)
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' })
    await userEvent.click(field)
    await userEvent.type(field, 'half a thought')
    view.rerender(<Column requests={[REQUEST]} />)
    const card = await screen.findByRole('heading', {
      name: 'Which framework should the project use?',
    })
    expect(card.closest('[data-part="composer"]')?.getAttribute('data-state')).toBe('waiting')
    await frames(3)
    const recorded = recordShifts()
    // Cleared without an input event the slot hears (as apps clear it after sending).
    field.value = ''
    await waitFor(
      () =>
        expect(card.closest('[data-part="composer"]')?.getAttribute('data-state')).toBe('shown'),
      { timeout: 3000 },
    )
    // The glide's frames.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const shifts = await recorded.stop()
    expect(shifts.map((shift) => shift.value)).toEqual([])
    // It glided there: it ends on the input's place, over the hidden input.
    const input = screen.getByLabelText('Message')
    const composer = card.closest('[data-part="composer"]') as HTMLElement
    expect(Math.round(composer.getBoundingClientRect().bottom)).toBeGreaterThanOrEqual(
      Math.round(input.getBoundingClientRect().bottom),
    )
  })
})
