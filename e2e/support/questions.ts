/** Question batches the flows ask through the test API. */
import type { TestQuestion } from './test-api.ts'

/** Single-select, multi-select, free text. */
export const PREFERENCES: TestQuestion[] = [
  {
    id: 'colour',
    header: 'Colour',
    question: 'Which accent colour should the app use?',
    options: [
      { label: 'Red', description: 'Warm and loud.' },
      { label: 'Blue (Recommended)', description: 'Calm; matches the logo.' },
      { label: 'Green', description: 'Fresh, but close to the success colour.' },
    ],
  },
  {
    id: 'pets',
    header: 'Pets',
    question: 'Which pets should the examples mention?',
    multiSelect: true,
    options: [
      { label: 'Cats', description: 'Independent.' },
      { label: 'Dogs', description: 'Loyal.' },
      { label: 'Fish', description: 'Quiet.' },
    ],
  },
  { id: 'note', header: 'Note', question: 'Anything else to tell the team?' },
]

/** One single-select and one free-text question (for the keyboard rules of the custom field). */
export const TWO_STEP: TestQuestion[] = [
  {
    id: 'size',
    header: 'Size',
    question: 'How large should the first release be?',
    options: [{ label: 'Small' }, { label: 'Large' }],
  },
  { id: 'story', header: 'Story', question: 'Describe the release in a few lines.' },
]
