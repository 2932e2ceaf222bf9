import type { ComposerRequest } from '@parley/machine'
import type { AskUserQuestionItem } from '@parley/seam'
import type { ReactNode } from 'react'
import { expect, fn, waitFor, within } from 'storybook/test'
import { preloadIntentViews } from '../src/composer/intent-body.tsx'
import { type DraftStorage, preloadMarkdown, type QuestionComposerProps } from '../src/index.ts'

/**
 * A story `loaders` entry: the lazy Markdown chunk is loaded before the story
 * renders, so a play function that reads rendered Markdown never races it.
 */
export const loadMarkdown = async (): Promise<Record<string, never>> => {
  await preloadMarkdown()
  return {}
}

/** Loads the intent views' chunk (option previews, plan review, approval) before a story renders. */
export const loadIntentViews = async (): Promise<Record<string, never>> => {
  await preloadIntentViews()
  return {}
}

/** Question fixtures shared by the stories. */
export const colour: AskUserQuestionItem = {
  id: 'colour',
  header: 'Theme',
  question: 'Which accent colour should the app use?',
  options: [
    { label: 'Indigo', description: 'Calm, reads well on light and dark' },
    { label: 'Teal', description: 'Fresh, a little playful' },
    { label: 'Amber', description: 'Warm; needs dark text on top' },
  ],
}

export const toppings: AskUserQuestionItem = {
  id: 'features',
  header: 'Scope',
  question: 'Which features go into the first release?',
  multiSelect: true,
  options: [
    { label: 'Search', description: 'Full-text over notes' },
    { label: 'Sharing', description: 'Read-only links' },
    { label: 'Offline mode' },
  ],
}

export const projectName: AskUserQuestionItem = {
  id: 'name',
  header: 'Naming',
  question: 'What should the project be called?',
}

export const recommended: AskUserQuestionItem = {
  id: 'database',
  header: 'Storage',
  question: 'Which database should we use?',
  options: [
    { label: 'SQLite', description: 'One file, zero setup' },
    { label: 'Postgres (Recommended)', description: 'Scales with the team' },
    { label: 'MongoDB' },
  ],
}

export const markdownDetail: AskUserQuestionItem = {
  id: 'migration',
  header: 'Migration',
  question: 'How should we migrate the users table?',
  detail: [
    'The table has **2.4 M rows** and the `email` column needs a unique index.',
    '',
    '- Online: copy in batches, then swap',
    '- Offline: lock the table for *about 4 minutes*',
    '',
    'See the [runbook](https://example.com/runbook) for details.',
  ].join('\n'),
  options: [{ label: 'Online copy' }, { label: 'Offline lock' }],
}

export const longOptions: AskUserQuestionItem = {
  id: 'deploy',
  header: 'Deployment strategy for the public API gateway',
  question:
    'How should the new version of the public API gateway be rolled out to production, given that some clients pin old endpoints?',
  options: [
    {
      label: 'Blue-green deployment with an instant cut-over of all traffic at once',
      description:
        'Two identical environments; the router switches every request to the new one in a single step, and the old one stays warm for a quick rollback.',
    },
    {
      label: 'Canary release: 5 % of traffic first, then 25 %, 50 % and finally everything',
      description:
        'Watches error rates and latency at every step and stops automatically when the new version misbehaves.',
    },
    {
      label: 'Feature-flagged rollout per customer account',
      description: 'Slowest, but lets support turn it off for a single customer.',
    },
  ],
}

export const planReview: AskUserQuestionItem = {
  id: 'plan',
  question: 'Ready to start on this plan?',
  detail: [
    '# Plan',
    '1. Add a `users.email` unique index',
    '2. Backfill lowercase emails in batches of **10 000**',
    '3. Switch sign-in to the normalised column',
  ].join('\n'),
  options: [{ label: 'Approve' }, { label: 'Keep planning' }],
  intent: { kind: 'plan-review', approve: 'Approve' },
}

/** A single-select question whose options show what choosing them would look like. */
export const layoutPreviews: AskUserQuestionItem = {
  id: 'layout',
  header: 'Layout',
  question: 'Which layout should the dashboard use?',
  options: [
    {
      label: 'Grid (Recommended)',
      description: 'Cards in rows',
      preview:
        '```\n┌──────┐ ┌──────┐ ┌──────┐\n│ Jobs │ │ Logs │ │ Cost │\n└──────┘ └──────┘ └──────┘\n```',
    },
    {
      label: 'List',
      description: 'One row per item',
      preview:
        '### One row per item\n\n- Name, owner and status\n- Sorted by **last change**\n- Twenty rows a page',
    },
    { label: 'Kanban', preview: 'Columns by *status*: To do, Doing, Done.' },
  ],
}

/**
 * A permission request for a tool call (an approval intent), as an agent
 * adapter asks it; with `edit`, it offers Edit too, with the arguments'
 * JSON Schema when `edit` is one.
 */
export function approval(
  tool: string,
  input: Record<string, unknown>,
  edit?: { inputSchema?: Record<string, unknown> },
): AskUserQuestionItem {
  return {
    id: `approval-${tool}`,
    header: tool,
    question: `Allow Claude to use ${tool}?`,
    options: [
      { label: 'Allow once' },
      { label: 'Always allow', description: `Always allow ${tool} in this project` },
      ...(edit ? [{ label: 'Edit', description: 'Change the arguments, then allow' }] : []),
      { label: 'Deny', description: 'Or say what Claude should do instead' },
    ],
    intent: {
      kind: 'approval',
      tool,
      input,
      allow: 'Allow once',
      always: ['Always allow'],
      deny: 'Deny',
      ...(edit && { edit: 'Edit' }),
      ...(edit?.inputSchema && { inputSchema: edit.inputSchema }),
    },
  }
}

/** The JSON Schema of a Bash call's arguments, as a form shows it. */
export const bashSchema = {
  type: 'object',
  properties: {
    command: { type: 'string', title: 'Command', description: 'The shell command to run' },
    timeout: { type: 'integer', title: 'Timeout', description: 'In milliseconds' },
    run_in_background: { type: 'boolean', title: 'Run in the background' },
  },
  required: ['command'],
}

/** Ten questions, alternating single-select and free text. */
export const tenQuestions: AskUserQuestionItem[] = Array.from({ length: 10 }, (_, index) =>
  index % 2 === 0
    ? {
        id: `q${index + 1}`,
        header: `Step ${index + 1}`,
        question: `Question ${index + 1}: pick a size`,
        options: [{ label: 'Small' }, { label: 'Medium' }, { label: 'Large' }],
      }
    : {
        id: `q${index + 1}`,
        header: `Step ${index + 1}`,
        question: `Question ${index + 1}: any notes?`,
      },
)

export function request(questions: AskUserQuestionItem[], rpcId = 'rpc-story'): ComposerRequest {
  return { rpcId, sessionId: 'session-story', questions }
}

/** An in-memory draft storage, optionally preloaded, so stories never share sessionStorage. */
export function memoryStorage(preload: Record<string, unknown> = {}): DraftStorage {
  const data = new Map(
    Object.entries(preload).map(([rpcId, value]) => [
      `parley:drafts:${rpcId}`,
      JSON.stringify(value),
    ]),
  )
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

/** Default props: accepting callbacks and no persistence. */
export function composerArgs(questions: AskUserQuestionItem[]): QuestionComposerProps {
  return {
    request: request(questions),
    onAnswer: fn(async (_answer: unknown): Promise<unknown> => ({ accepted: true })).mockName(
      'onAnswer',
    ),
    onCancel: fn(async (): Promise<unknown> => ({ accepted: true })).mockName('onCancel'),
    draftStorage: null,
  }
}

/** A promise that never settles: the composer stays `submitting`. */
export function never(): Promise<unknown> {
  return new Promise(() => {})
}

/** The composer card inside a story's canvas. */
export function card(canvasElement: HTMLElement) {
  const root = canvasElement.querySelector<HTMLElement>(
    '[data-scope="question-composer"][data-part="root"]',
  )
  if (!root) throw new Error('no composer in the canvas')
  return { root, ui: within(root) }
}

/** `card`, once the composer rendered (a zh-CN or ja dictionary loads on first use). */
export function findCard(canvasElement: HTMLElement) {
  return waitFor(() => card(canvasElement))
}

/** Asserts the composer's phase (`data-state` on its root). */
export async function expectPhase(root: HTMLElement, phase: string) {
  await expect(root).toHaveAttribute('data-state', phase)
}

/** A fixed-width frame, for the mobile story. */
export function Frame({ width, children }: { width: number; children: ReactNode }) {
  return <div style={{ width, maxWidth: '100%' }}>{children}</div>
}
