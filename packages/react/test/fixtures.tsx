import type { ComposerRequest } from '@parley/machine'
import type { AskUserQuestionItem } from '@parley/seam'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { type DraftStorage, QuestionComposer, type QuestionComposerProps } from '../src/index.ts'

export const colour: AskUserQuestionItem = {
  id: 'colour',
  header: 'Colour',
  question: 'Which colour?',
  options: [
    { label: 'Red', description: 'Warm and loud' },
    { label: 'Blue (Recommended)', description: 'Calm' },
    { label: 'Green' },
  ],
}

export const toppings: AskUserQuestionItem = {
  id: 'toppings',
  header: 'Toppings',
  question: 'Which toppings?',
  multiSelect: true,
  options: [{ label: 'Cheese' }, { label: 'Olives' }, { label: 'Basil' }],
}

export const name: AskUserQuestionItem = { id: 'name', question: 'What is the project called?' }

export function makeRequest(questions: AskUserQuestionItem[], rpcId = 'rpc-1'): ComposerRequest {
  return { rpcId, sessionId: 'session-1', questions }
}

/** An in-memory `DraftStorage`. */
export function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

export function renderComposer(overrides: Partial<QuestionComposerProps> = {}) {
  const onAnswer = vi.fn(async (_answer: unknown): Promise<unknown> => ({ accepted: true }))
  const onCancel = vi.fn(async (): Promise<unknown> => ({ accepted: true }))
  const storage = memoryStorage()
  const props: QuestionComposerProps = {
    request: makeRequest([colour, toppings, name]),
    onAnswer,
    onCancel,
    draftStorage: storage,
    ...overrides,
  }
  const user = userEvent.setup()
  const result = render(<QuestionComposer {...props} />)
  const card = () =>
    within(result.container.querySelector<HTMLElement>('[data-part="root"]') ?? document.body)
  return { ...result, user, onAnswer, onCancel, storage, props, card, screen }
}

export function root(): HTMLElement {
  const element = document.querySelector<HTMLElement>(
    '[data-scope="question-composer"][data-part="root"]',
  )
  if (!element) throw new Error('no composer root')
  return element
}
