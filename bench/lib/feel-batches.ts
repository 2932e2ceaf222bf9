/**
 * The batches B5 asks, shaped like the demo agent's (apps/host/src/agent/scripts.ts):
 * a three-question setup (single-select with descriptions, multi-select, free
 * text), a plan review whose Markdown plan is the lazy chunk's first use, a
 * ten-question batch, and a 50-question one to traverse by keyboard.
 */
import type { AskUserQuestionItem } from '../../packages/seam/src/index.ts'

/** The one conversation of the demo page. */
export const SESSION = 'bench'

/** Three decisions; `tag` makes the first question's text unique per sample. */
export function setupBatch(tag: string | number): AskUserQuestionItem[] {
  return [
    {
      id: 'stack',
      header: 'Stack',
      question: `Which stack should service ${tag} start from?`,
      options: [
        { label: 'Node (Recommended)', description: 'What the other services already run.' },
        { label: 'Go', description: 'One static binary per release.' },
        { label: 'Python', description: 'The data team can help maintain it.' },
      ],
    },
    {
      id: 'extras',
      header: 'Extras',
      question: 'What should come set up from the start?',
      multiSelect: true,
      options: [
        { label: 'Type checks', description: 'Strict settings from day one.' },
        { label: 'Formatter', description: 'One style, enforced in CI.' },
        { label: 'Test runner', description: 'With a first smoke test.' },
        { label: 'Deploy job', description: 'Staging on every merge.' },
      ],
    },
    { id: 'title', header: 'Title', question: 'What should the service be called?' },
  ]
}

const PLAN = `## Move uploads to object storage

1. Write new uploads to the bucket behind a \`uploads_bucket\` flag.
2. Copy the old files over in batches of **500**, checking each checksum.
3. Serve reads from the bucket, then stop writing to disk.

> If anything looks wrong, turn the flag off: the disk copy stays until step 3.

The [migration notes](https://example.com/notes) list every step's owner.`

/** A plan review: the card renders `detail` with the lazily loaded Markdown chunk. */
export function planBatch(tag: string | number): AskUserQuestionItem[] {
  return [
    {
      id: 'plan',
      header: 'Plan review',
      question: `Approve plan ${tag}?`,
      detail: PLAN,
      options: [{ label: 'Approve' }, { label: 'Keep planning' }],
      intent: { kind: 'plan-review', approve: 'Approve' },
    },
  ]
}

/** Ten short questions, as the demo's `/many`: single, multi and free text. */
export function tenBatch(tag: string | number): AskUserQuestionItem[] {
  return Array.from({ length: 10 }, (_, q) => ({
    id: `t${q + 1}`,
    header: `Topic ${q + 1}`,
    question: q === 0 ? `First of ten for run ${tag}: where should it run?` : `Topic ${q + 1}?`,
    ...(q % 5 === 4 ? {} : { options: ['North', 'South', 'East'].map((label) => ({ label })) }),
    ...(q % 5 === 2 && { multiSelect: true }),
  }))
}

/** What each question of the 50 is for in the keyboard traversal. */
export type StepKind = 'choose' | 'type' | 'next' | 'skip'
export const STEP_KINDS: readonly StepKind[] = ['choose', 'type', 'next', 'skip']

/**
 * 50 questions of 6 options with descriptions, for the keyboard traversal:
 * `choose` questions are single-select, `next` ones multi-select (toggle two,
 * then Next), `type` ones get a typed answer, `skip` ones are skipped.
 */
export function traversalBatch(tag: string | number): AskUserQuestionItem[] {
  return Array.from({ length: 50 }, (_, q) => ({
    id: `k${q + 1}`,
    header: `Step ${q + 1}`,
    question: `Step ${q + 1} of 50 (${tag}): which option fits?`,
    multiSelect: STEP_KINDS[q % STEP_KINDS.length] === 'next',
    options: Array.from({ length: 6 }, (_, o) => ({
      label: o === 0 ? `Choice ${o + 1} (Recommended)` : `Choice ${o + 1}`,
      description: `What choice ${o + 1} means for step ${q + 1}.`,
    })),
  }))
}
