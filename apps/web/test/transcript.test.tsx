import { render, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { TranscriptEvent } from '../src/api/types.ts'
import { Transcript } from '../src/components/transcript.tsx'

const RLO = '\u202e'
const CONTROLS = /[\u202a-\u202e\u2066-\u2069]/

beforeAll(() => {
  // jsdom has neither: the log only needs them to follow the newest event.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  )
  Element.prototype.scrollTo ??= () => {}
})

const events: TranscriptEvent[] = [
  { kind: 'message', id: 'm1', role: 'user', text: `Rename ${RLO}gnp.exe`, at: 1 },
  { kind: 'message', id: 'm2', role: 'agent', text: `Renaming **${RLO}fdp.exe**`, at: 2 },
  {
    kind: 'tool',
    id: 't1',
    name: 'ask_user_question',
    status: 'answered',
    total: 1,
    answered: 1,
    answers: [
      { id: 'q', question: `Open ${RLO}gnp.exe?`, answer: `\u2067${RLO}sey\u2069`, skipped: false },
    ],
    at: 3,
  },
]

describe('the demo transcript', () => {
  it('shows messages and answers without bidi controls, each in a dir="auto" block', () => {
    render(<Transcript events={events} />)
    const log = screen.getByRole('log', { name: 'Conversation' })
    expect(log.textContent).not.toMatch(CONTROLS)
    expect(screen.getByText('Rename gnp.exe')).toHaveAttribute('dir', 'auto')
    expect(
      screen.getByText('fdp.exe', { selector: 'strong' }).closest('[dir="auto"]'),
    ).not.toBeNull()
    expect(screen.getByText('Open gnp.exe?')).toHaveAttribute('dir', 'auto')
    expect(screen.getByText('sey')).toHaveAttribute('dir', 'auto')
  })
})
