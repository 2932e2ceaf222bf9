import type { ComposerRequest } from '../src/index.ts'

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
