import type {
  AskDeadlineChange,
  AskUserQuestionAmendment,
  AskUserQuestionAnswer,
  AskUserQuestionAsker,
  AskUserQuestionItem,
} from '@parley/seam'
import {
  type ApprovalDecision,
  approvalDecision,
  approvalOf,
  parseRecommendedLabel,
} from '@parley/seam'
import { PATIENT_AGENT } from '../deadline-policy.ts'

/** How a scripted ask is made: who asks, its deadline, and who hears a changed answer. */
export interface AskOptions {
  /** Who asks; an asker with parents is a subagent (a delegated caller). */
  asker?: AskUserQuestionAsker | undefined
  /** The ask's deadline in ms. */
  timeoutMs?: number | undefined
  /** Hears the user change the answer after it was sent (with the tool's follow-up text). */
  onAmend?: ((amendment: AskUserQuestionAmendment, followUp: string) => void) | undefined
  /** The caller the host's policies see (the deadline policy reads it). */
  agent?: unknown
  /** Hears the person move the deadline. */
  onDeadline?: ((change: AskDeadlineChange) => void) | undefined
}

/** What a scripted turn can do. */
export interface TurnContext {
  /** Posts an agent message to the transcript. */
  say(text: string): void
  /** Calls the model-facing `ask_user_question` tool (snake_case model input). */
  askTool(input: { questions: ModelQuestion[] }, options?: AskOptions): Promise<AskResult>
  /** Asks through the seam directly, as a plan-mode plugin would (detail and intent). */
  askDirect(questions: AskUserQuestionItem[]): Promise<AskResult>
  /** Lets this chat's subagents ask the user directly, or not (the host's opt-in). */
  allowSubagents(allowed: boolean): Promise<void>
}

interface ModelQuestion {
  id: string
  question: string
  header?: string
  options?: { label: string; description?: string; preview?: string }[]
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
  return `Something went wrong asking you, so I didn't ${what}.`
}

/** What the new-project scaffold is, in words, from an answer. */
function scaffoldOf(answer: AskUserQuestionAnswer): string {
  const name = describe(answer, 'name') ?? 'an unnamed project'
  const framework = describe(answer, 'framework') ?? 'the default framework'
  const features = describe(answer, 'features')
  return `**${name}** with ${framework}${features ? `, set up with ${features}` : ' and no extra tooling'}`
}

const CHANGED_TOPIC: Record<string, string> = {
  framework: 'the framework',
  features: 'the tooling',
  name: 'the name',
}

const newProject: Script = async (ctx) => {
  ctx.say("Let's set up a new project. I need three decisions from you before I scaffold anything.")
  const result = await ctx.askTool(
    {
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
    },
    {
      // A changed answer (within the host's window, until the next message) redoes the scaffold.
      onAmend: ({ changed, answer }) => {
        const topics = changed.map((id) => CHANGED_TOPIC[id] ?? id).join(' and ')
        ctx.say(
          `You changed ${topics}, so I'm redoing the scaffold: now creating ${scaffoldOf(answer)}.`,
        )
      },
    },
  )
  if (!result.ok) return ctx.say(notAnswered(result, 'create the project'))
  ctx.say(`Creating ${scaffoldOf(result.answer)}. I'll report back when the scaffold is ready.`)
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

const PLANNER: AskUserQuestionAsker = { name: 'Planner' }
const TEST_WRITER: AskUserQuestionAsker = {
  name: 'Test writer',
  parents: ['Planner'],
  reason: 'to set up the test suite for the release',
}
const DOCS_WRITER: AskUserQuestionAsker = {
  name: 'Docs writer',
  parents: ['Planner'],
  reason: 'to write the release notes',
}

/** The `/team` deadline of the docs writer: `/team 20` gives it 20 seconds (5 to 600); 90 by default. */
function teamDeadlineMs(text: string): number {
  const seconds = Number(/^\/team\s+(\d+)/i.exec(text.trim())?.[1] ?? 90)
  return Math.min(600, Math.max(5, seconds)) * 1000
}

/** Why a team member's ask got no answer, in words a person reads (never a code). */
const UNANSWERED: Record<string, string> = {
  ASK_TIMED_OUT: 'got no answer in time',
  ASK_ABORTED: 'was stopped before you answered',
  ASK_CANCELLED: 'was dismissed',
}

/** What a team member reports about its ask. */
function report(who: string, result: AskResult, id: string, fallback: string): string {
  if (result.ok) return `${who}: ${describe(result.answer, id) ?? 'skipped'}.`
  if (result.code === 'DELEGATED_CALLER')
    return `${who} may not ask you directly here, so I chose ${fallback} for it.`
  const why = UNANSWERED[result.code] ?? 'could not ask you'
  return `${who} ${why}, so it went with ${fallback}.`
}

/**
 * `/team`: a planner and two subagents ask at once, each in its own name;
 * the docs writer's question has a deadline.
 */
function team(text: string): Script {
  const deadlineMs = teamDeadlineMs(text)
  return async (ctx) => {
    ctx.say(
      `I'm the planner. I've handed the release to two subagents, a test writer and a docs writer; each asks you what it needs while I ask about the release itself. The docs writer waits ${deadlineMs / 1000} seconds at most.`,
    )
    const [release, tests, docs] = await Promise.all([
      ctx.askTool(
        {
          questions: [
            {
              id: 'release',
              header: 'Release',
              question: 'Which release should this go into?',
              options: [{ label: '1.4 (Recommended)' }, { label: '2.0' }],
            },
          ],
        },
        { asker: PLANNER },
      ),
      ctx.askTool(
        {
          questions: [
            {
              id: 'runner',
              header: 'Tests',
              question: 'Which test runner should the suite use?',
              options: [
                { label: 'Vitest (Recommended)' },
                { label: 'Jest' },
                { label: 'node:test' },
              ],
            },
          ],
        },
        { asker: TEST_WRITER },
      ),
      ctx.askTool(
        {
          questions: [
            {
              id: 'notes',
              header: 'Docs',
              question: 'Where should the release notes go?',
              options: [{ label: 'CHANGELOG.md (Recommended)' }, { label: 'The docs site' }],
            },
          ],
        },
        { asker: DOCS_WRITER, timeoutMs: deadlineMs },
      ),
    ])
    ctx.say(
      [
        report('The release', release, 'release', 'the next minor release'),
        report('The test writer', tests, 'runner', 'Vitest'),
        report('The docs writer', docs, 'notes', 'CHANGELOG.md'),
      ].join(' '),
    )
  }
}

/** `/subagents on|off`: whether this chat routes its subagents' questions to the user. */
function subagents(text: string): Script {
  const allowed = !/\boff\b/i.test(text)
  return async (ctx) => {
    await ctx.allowSubagents(allowed)
    ctx.say(
      allowed
        ? 'Subagents in this chat may now ask you directly; their questions say who is asking.'
        : 'Subagents in this chat may no longer ask you directly: their questions are refused and their parent decides.',
    )
  }
}

/** How long `/deadline` waits for an answer. */
const DEADLINE_SCRIPT_MS = 90_000

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

/** A layout mockup as a Markdown code block, for an option's preview. */
const mockup = (lines: string[]) => ['```text', ...lines, '```'].join('\n')

const preview: Script = async (ctx) => {
  ctx.say('Before I build the dashboard, pick its layout. Each option shows a sketch of it.')
  const result = await ctx.askTool({
    questions: [
      {
        id: 'layout',
        header: 'Layout',
        question: 'Which layout should the dashboard use?',
        options: [
          {
            label: 'Sidebar (Recommended)',
            description: 'Navigation on the left, content on the right.',
            preview: mockup([
              '┌──────┬───────────────────┐',
              '│ Nav  │ Revenue   ▁▃▅▇    │',
              '│ Home │                   │',
              '│ Team │ Orders    1,204   │',
              '└──────┴───────────────────┘',
            ]),
          },
          {
            label: 'Top bar',
            description: 'Tabs across the top, full-width content.',
            preview: mockup([
              '┌──────────────────────────┐',
              '│ Home · Team · Settings   │',
              '├──────────────────────────┤',
              '│ Revenue ▁▃▅▇ Orders 1,204│',
              '└──────────────────────────┘',
            ]),
          },
          {
            label: 'Cards',
            description: 'A grid of cards, no fixed navigation.',
            preview: mockup([
              '┌────────┐ ┌────────┐ ┌────────┐',
              '│Revenue │ │Orders  │ │Team    │',
              '│ ▁▃▅▇   │ │ 1,204  │ │ 8      │',
              '└────────┘ └────────┘ └────────┘',
            ]),
          },
        ],
      },
    ],
  })
  if (!result.ok) return ctx.say(notAnswered(result, 'pick a layout'))
  ctx.say(`Layout: ${describe(result.answer, 'layout') ?? 'no decision'}.`)
}

const APPROVAL: AskUserQuestionItem = {
  id: 'approval',
  header: 'Bash',
  question: 'Allow the assistant to run this command?',
  options: [
    { label: 'Allow once' },
    { label: 'Always allow', description: 'Always allow npm test in this project' },
    { label: 'Edit', description: 'Change the command, then run it' },
    { label: 'Deny', description: 'Or say what to do instead' },
  ],
  intent: {
    kind: 'approval',
    tool: 'Bash',
    input: { command: 'npm test -- --coverage', description: 'Run the tests with coverage' },
    allow: 'Allow once',
    always: ['Always allow'],
    edit: 'Edit',
    deny: 'Deny',
    inputSchema: {
      type: 'object',
      properties: {
        command: { type: 'string', title: 'Command', description: 'The shell command to run' },
        description: { type: 'string', title: 'Description' },
      },
      required: ['command'],
    },
  },
}

const approve: Script = async (ctx) => {
  ctx.say('To check the change I need to run the test suite, which runs code on your machine.')
  const result = await ctx.askDirect([APPROVAL])
  if (!result.ok) return ctx.say(notAnswered(result, 'run anything'))
  const approval = approvalOf(APPROVAL)
  const item = answerOf(result.answer, 'approval')
  const decided: ApprovalDecision =
    approval && item ? approvalDecision(approval, item) : { decision: 'deny' }
  switch (decided.decision) {
    case 'allow':
      return ctx.say('Running `npm test -- --coverage` once.')
    case 'allow-always':
      return ctx.say('Running it, and I will not ask again for `npm test`.')
    case 'edit':
      return ctx.say(`Running \`${String(decided.input.command)}\` once, as you edited it.`)
    case 'deny':
      return ctx.say(
        decided.reason ? `Not running it. Instead: ${decided.reason}` : 'Not running it.',
      )
  }
}

const help: Script = async (ctx) => {
  ctx.say(
    'I am a scripted demo agent. Try "start a new project", `/plan` for a plan review, `/many` for a ten-question batch, `/deadline` for a question with a deadline, `/preview` for options with a preview of each, `/approve` for a tool approval, or `/team` for a planner and two subagents asking at once (`/subagents off` refuses subagents).',
  )
}

/** Picks the script for a chat message. */
export function scriptFor(text: string): Script {
  const command = text.trim().toLowerCase()
  if (command.startsWith('/plan')) return plan
  if (command.startsWith('/many')) return many
  if (command.startsWith('/team')) return team(command)
  if (command.startsWith('/subagents')) return subagents(command)
  if (command.startsWith('/deadline')) return deadline
  if (command.startsWith('/preview')) return preview
  if (command.startsWith('/approve')) return approve
  if (command.startsWith('/new') || command.includes('new project')) return newProject
  return help
}
