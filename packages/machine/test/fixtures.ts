import {
  type ComposerEffect,
  type ComposerEvent,
  type ComposerRequest,
  type ComposerState,
  createComposerState,
  transition,
} from '../src/index.ts'

/** Three questions: single-select, multi-select, free text. */
export const request: ComposerRequest = {
  rpcId: 'rpc-1',
  questions: [
    {
      id: 'color',
      question: 'Which color?',
      options: [{ label: 'Red (Recommended)' }, { label: 'Blue' }, { label: 'Green' }],
    },
    {
      id: 'toppings',
      question: 'Which toppings?',
      multiSelect: true,
      options: [{ label: 'Cheese' }, { label: 'Ham' }, { label: 'Olives' }],
    },
    { id: 'notes', question: 'Anything else?' },
  ],
}

export const single: ComposerRequest = {
  rpcId: 'rpc-single',
  questions: [{ id: 'ok', question: 'Proceed?', options: [{ label: 'Yes' }, { label: 'No' }] }],
}

/** Applies events in order; returns the last state and all effects. */
export function drive(
  state: ComposerState,
  ...events: ComposerEvent[]
): [ComposerState, ComposerEffect[]] {
  let current = state
  const all: ComposerEffect[] = []
  for (const event of events) {
    const [next, effects] = transition(current, event)
    current = next
    all.push(...effects)
  }
  return [current, all]
}

/** Every question of `request` answered: Blue, Cheese + Ham, "thin crust". */
export function answeredState(): ComposerState {
  return drive(
    createComposerState(request),
    { type: 'CHOOSE_OPTION', label: 'Blue' },
    { type: 'TOGGLE_OPTION', label: 'Cheese' },
    { type: 'TOGGLE_OPTION', label: 'Ham' },
    { type: 'GO_NEXT' },
    { type: 'SET_CUSTOM_TEXT', text: ' thin crust ' },
  )[0]
}

/** A state in each phase, reached through events. */
export function stateIn(phase: ComposerState['phase']): ComposerState {
  const answered = answeredState()
  switch (phase) {
    case 'answering':
      return answered
    case 'submitting':
      return drive(answered, { type: 'SUBMIT' })[0]
    case 'awaiting-resolution':
      return drive(answered, { type: 'SUBMIT' }, { type: 'RECEIPT_ACCEPTED' })[0]
    case 'cancelling':
      return drive(answered, { type: 'REQUEST_CANCEL' }, { type: 'CONFIRM_CANCEL' })[0]
    case 'failed':
      return drive(
        answered,
        { type: 'SUBMIT' },
        { type: 'TRANSPORT_FAILED', message: 'offline' },
      )[0]
    case 'settled':
      return drive(answered, { type: 'REQUEST_RESOLVED', outcome: 'answered' })[0]
  }
}
