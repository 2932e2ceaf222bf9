import type { AskUserQuestionItem } from '@parley/seam'

/** The questions an agent's `ask_user_question` call would send. */
export const sampleQuestions: AskUserQuestionItem[] = [
  {
    id: 'colour',
    header: 'Theme',
    question: 'Which accent colour should the app use?',
    options: [
      { label: 'Indigo', description: 'Calm, reads well on light and dark' },
      { label: 'Teal', description: 'Fresh, a little playful' },
      { label: 'Amber', description: 'Warm; needs dark text on top' },
    ],
  },
]
