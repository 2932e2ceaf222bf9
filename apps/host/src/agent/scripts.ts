import type { AskDeadlineChange, AskUserQuestionAnswer, AskUserQuestionItem } from '@parley/seam'
import { parseRecommendedLabel } from '@parley/seam'
import { PATIENT_AGENT } from '../deadline-policy.ts'

/** What a scripted turn can do. */
export interface TurnContext {
  /** Posts an agent message to the transcript. */
  say(text: string): void
  /** Calls the model-facing `ask_user_question` tool (snake_case model input). */
  askTool(input: { questions: ModelQuestion[] }, options?: AskToolOptions): Promise<AskResult>
  /** Asks through the seam directly, as a plan-mode plugin would (detail and intent). */
  askDirect(questions: AskUserQuestionItem[]): Promise<AskResult>
}

/** What a script may add to a tool call: a deadline, who asks, and what to do when the deadline moves. */
export interface AskToolOptions {
  timeoutMs?: number
  agent?: unknown
  onDeadline?: (change: AskDeadlineChange) => void
}

export interface ModelQuestion {
  id: string
  question: string
  header?: string
  options?: { label: string; description?: string }[]
  multi_select?: boolean
}

export type AskResult =
  | { ok: true; answer: AskUserQuestionAnswer }
  | { ok: false; code: string; message: string; cause?: unknown }

type Script = (ctx: TurnContext) => Promise<void>

function answerOf(answer: AskUserQuestionAnswer, id: string) {
  return answer.answers.find((item) => item.id === id)
}

function describe(answer: AskUserQuestionAnswer, id: string): string | null {
  const item = answerOf(answer, id)
  if (!item) return null
  const parts = item.selected.map((label) => parseRecommendedLabel(label).display)
  if (item.custom) parts.push(item.custom)
  return parts.length > 0 ? parts.join(', ') : null
}

/** The reply for an ask that did not produce an answer. Cancel and interruption differ. */
function notAnswered(result: Extract<AskResult, { ok: false }>, what: string): string {
  if (result.code === 'ASK_CANCELLED')
    return `You dismissed the question, so I won't ${what}. A cancel isn't a yes: I haven't assumed any defaults.`
  if (result.code === 'ASK_ABORTED')
    return `I was interrupted before you answered, so I stopped and didn't ${what}.`
  if (result.code === 'ASK_TIMED_OUT')
    return `Nobody answered in time, so no decision was made and I didn't ${what}.`
  return `Something went wrong asking you (${result.code}), so I didn't ${what}.`
}

const newProject: Script = async (ctx) => {
  ctx.say("Let's set up a new project. I need three decisions from you before I scaffold anything.")
  const result = await ctx.askTool({
    questions: [
      {
        id: 'framework',
        header: 'Framework',
        question: 'Which framework should the project use?',
        options: [
          {
            label: 'React (Recommended)',
            description: 'Largest ecosystem; matches your other apps.',
          },
          { label: 'Vue', description: 'Single-file components, gentle learning curve.' },
          { label: 'Svelte', description: 'Compiles away; the smallest bundles.' },
        ],
      },
      {
        id: 'features',
        header: 'Features',
        question: 'Which tooling should I set up?',
        multi_select: true,
        options: [
          { label: 'TypeScript', description: 'Strict mode, path aliases.' },
          { label: 'Linting', description: 'Biome with the recommended rules.' },
          { label: 'Unit tests', description: 'Vitest with Testing Library.' },
          { label: 'CI pipeline', description: 'Lint, type-check and test on every push.' },
        ],
      },
      { id: 'name', header: 'Name', question: 'What should the project be called?' },
    ],
  })
  if (!result.ok) return ctx.say(notAnswered(result, 'create the project'))
  const name = describe(result.answer, 'name') ?? 'an unnamed project'
  const framework = describe(result.answer, 'framework') ?? 'the default framework'
  const features = describe(result.answer, 'features')
  ctx.say(
    `Creating **${name}** with ${framework}${features ? `, set up with ${features}` : ' and no extra tooling'}. I'll report back when the scaffold is ready.`,
  )
}

const PLAN = `## Migrate sessions to Postgres

1. Add a \`sessions\` table with an index on \`user_id\`.
2. Dual-write from the API for one release.
3. Backfill old sessions in batches of **1,000**.
4. Switch reads, then remove the Redis path.

> Rollback: turn off the \`sessions_pg\` flag; Redis stays authoritative until step 4.

See the [runbook](https://example.com/runbook) for details.`

const plan: Script = async (ctx) => {
  ctx.say('Here is my plan. Please review it before I start.')
  const result = await ctx.askDirect([
    {
      id: 'plan',
      header: 'Plan review',
      question: 'Approve this plan?',
      detail: PLAN,
      options: [{ label: 'Approve' }, { label: 'Keep planning' }],
      intent: { kind: 'plan-review', approve: 'Approve' },
    },
  ])
  if (!result.ok) {
    if (result.code === 'ASK_CANCELLED')
      return ctx.say("Sure, let's talk it through. What would you like to change in the plan?")
    return ctx.say(notAnswered(result, 'start on the plan'))
  }
  const verdict = answerOf(result.answer, 'plan')
  if (verdict?.selected[0] === 'Approve')
    return ctx.say('Plan approved. Starting with step 1: the `sessions` table.')
  ctx.say("Understood, I'll keep planning and come back with a revised version.")
}

const MANY_TOPICS = [
  [
    'region',
    'Region',
    'Where should the service run?',
    ['eu-west (Recommended)', 'us-east', 'ap-south'],
  ],
  ['size', 'Instance size', 'How large should each instance be?', ['Small', 'Medium', 'Large']],
  ['replicas', 'Replicas', 'How many replicas to start with?', ['1', '2', '3 (Recommended)']],
  ['db', 'Database', 'Which database engine?', ['Postgres', 'MySQL', 'SQLite']],
  ['cache', 'Cache', 'Add a cache layer?', ['Redis', 'None']],
  ['auth', 'Auth', 'Which sign-in methods?', ['Email link', 'Google', 'GitHub', 'Passkeys'], true],
  ['logs', 'Logging', 'Where should logs go?', ['stdout', 'A log service']],
  ['alerts', 'Alerts', 'Who gets paged on incidents?', []],
  ['backup', 'Backups', 'How often should backups run?', ['Hourly', 'Daily', 'Weekly']],
  ['notes', 'Notes', 'Anything else I should know?', []],
] as const

const many: Script = async (ctx) => {
  ctx.say('Ten quick questions about the deployment. Skip any you have no opinion on.')
  const result = await ctx.askTool({
    questions: MANY_TOPICS.map(([id, header, question, labels, multi]) => ({
      id,
      header,
      question,
      ...(labels.length > 0 ? { options: labels.map((label) => ({ label })) } : {}),
      ...(multi ? { multi_select: true } : {}),
    })),
  })
  if (!result.ok) return ctx.say(notAnswered(result, 'deploy'))
  const answered = result.answer.answers.filter((item) => item.selected.length > 0 || item.custom)
  ctx.say(
    `Thanks, ${answered.length} of ${MANY_TOPICS.length} answered. I'll use defaults for the rest.`,
  )
}

/** How long `/deadline` waits for an answer. */
export const DEADLINE_SCRIPT_MS = 90_000

const deadline: Script = async (ctx) => {
  ctx.say(
    'I can hold the release for a minute and a half. After that I stop waiting and decide nothing. Ask for more time if you need it; while you type I keep waiting too.',
  )
  const result = await ctx.askTool(
    {
      questions: [
        {
          id: 'release',
          header: 'Release',
          question: 'Ship the release tonight?',
          options: [
            { label: 'Ship it', description: 'Tag and publish at 22:00.' },
            { label: 'Hold it', description: 'Wait for the last review.' },
          ],
        },
        { id: 'note', header: 'Note', question: 'Anything the release notes should say?' },
      ],
    },
    {
      timeoutMs: DEADLINE_SCRIPT_MS,
      agent: PATIENT_AGENT,
      onDeadline: (change) =>
        ctx.say(
          change.reason === 'user'
            ? `You asked for more time: I'll wait ${Math.round((change.deadlineAt - change.previousDeadlineAt) / 60_000)} more minutes.`
            : "You're still typing, so I'll keep waiting.",
        ),
    },
  )
  if (!result.ok) return ctx.say(notAnswered(result, 'ship or hold anything'))
  const verdict = describe(result.answer, 'release') ?? 'no decision'
  ctx.say(`Release: ${verdict}.`)
}

const help: Script = async (ctx) => {
  ctx.say(
    'I am a scripted demo agent. Try "start a new project", `/plan` for a plan review, `/many` for a ten-question batch, or `/deadline` for a question with a deadline.',
  )
}

/** Picks the script for a chat message. */
export function scriptFor(text: string): Script {
  const command = text.trim().toLowerCase()
  if (command.startsWith('/plan')) return plan
  if (command.startsWith('/many')) return many
  if (command.startsWith('/deadline')) return deadline
  if (command.startsWith('/new') || command.includes('new project')) return newProject
  return help
}
