/**
 * LangChain v1's human-in-the-loop middleware, both ways: its interrupt
 * (`actionRequests` with their `reviewConfigs`) as one Parley batch of
 * approval questions, one per tool call, offering only the decisions the
 * review config allows; and the person's answers as its resume value,
 * `{ decisions }` in the same order (approve, edit with the edited
 * arguments, reject with the reason they typed).
 */
import {
  type AskUserQuestionAnswer,
  type AskUserQuestionItem,
  type AskUserQuestionOption,
  approvalDecision,
  approvalOf,
} from '@parley/seam'
import * as v from 'valibot'

const DecisionTypeSchema = v.picklist(['approve', 'edit', 'reject'])

/** The middleware's interrupt payload as this adapter reads it (`HITLRequest` in `langchain`). */
export const HitlRequestSchema = v.object({
  actionRequests: v.pipe(
    v.array(
      v.object({
        name: v.string(),
        args: v.record(v.string(), v.unknown()),
        description: v.optional(v.string()),
      }),
    ),
    v.minLength(1),
  ),
  reviewConfigs: v.array(
    v.object({
      actionName: v.string(),
      allowedDecisions: v.array(DecisionTypeSchema),
      argsSchema: v.optional(v.record(v.string(), v.unknown())),
    }),
  ),
})

/** The middleware's interrupt payload, as {@link HitlRequestSchema} parses it. */
export type HitlRequest = v.InferOutput<typeof HitlRequestSchema>

/** One decision of the middleware's resume value (`Decision` in `langchain`). */
export type HitlDecision =
  | { type: 'approve' }
  | { type: 'edit'; editedAction: { name: string; args: Record<string, unknown> } }
  | { type: 'reject'; message?: string }

/** The middleware's resume value (`HITLResponse` in `langchain`). */
export interface HitlResponse {
  decisions: HitlDecision[]
}

/** The words of a tool-call approval card; every one can be replaced. */
export interface HitlWords {
  /** @default 'Approve' */
  approve: string
  /** @default 'Edit' */
  edit: string
  /** @default 'Change the arguments, then run it' */
  editHint: string
  /** @default 'Reject' */
  reject: string
  /** @default 'Or type why, for the agent to read' */
  rejectHint: string
  /**
   * The deny of a card whose review config does not allow reject: the graph
   * is not resumed (the run rejects `ASK_CANCELLED`, the interrupt stays
   * pending). @default 'Not now'
   */
  notNow: string
  /** @default 'The agent keeps waiting; nothing runs' */
  notNowHint: string
  /** The question of a tool call. @default `Run ${tool}?` */
  question: (tool: string) => string
  /** The reject message when the person dismissed the card. */
  dismissed: string
  /** The reject message when the card's deadline passed. */
  timedOut: string
}

/** The English words of a middleware approval card; pass `words` to change any of them. */
export const DEFAULT_HITL_WORDS: HitlWords = {
  approve: 'Approve',
  edit: 'Edit',
  editHint: 'Change the arguments, then run it',
  reject: 'Reject',
  rejectHint: 'Or type why, for the agent to read',
  notNow: 'Not now',
  notNowHint: 'The agent keeps waiting; nothing runs',
  question: (tool) => `Run ${tool}?`,
  dismissed:
    'The person dismissed this tool call without approving it. Do not run it; ask them in the conversation what to do.',
  timedOut: 'The person did not answer in time. Do not run this tool call or assume an answer.',
}

/** The review config of action `index`: by its name, as the protocol pairs them, else by position. */
function reviewOf(request: HitlRequest, index: number) {
  const action = request.actionRequests[index]
  const named = request.reviewConfigs.filter((config) => config.actionName === action?.name)
  if (named.length === 1) return named[0]
  return request.reviewConfigs[index] ?? named[0]
}

/**
 * The action's description without the middleware's default tail
 * ("\n\nTool: name\nArgs: {…}"), which the card shows better; `undefined`
 * when nothing else is left.
 */
function detailOf(action: HitlRequest['actionRequests'][number]): string | undefined {
  const description = action.description
  if (description === undefined) return undefined
  const tail = `\n\nTool: ${action.name}\nArgs: ${JSON.stringify(action.args, null, 2)}`
  const said = description.endsWith(tail) ? description.slice(0, -tail.length) : description
  return said.trim() === '' ? undefined : said
}

/** The Parley id of action `index`. */
const idOf = (index: number) => `action-${index + 1}`

/** Whether the review config of action `index` allows `decision`. */
function allows(
  request: HitlRequest,
  index: number,
  decision: 'approve' | 'edit' | 'reject',
): boolean {
  return reviewOf(request, index)?.allowedDecisions.includes(decision) ?? false
}

/**
 * The approval questions for the middleware's interrupt, one per action: the
 * tool and its arguments, the action's description as the detail, and the
 * allowed decisions as options (edit with the arguments' JSON Schema from the
 * review config or `schemaOf`, when known).
 */
export function toApprovalQuestions(
  request: HitlRequest,
  words: HitlWords,
  schemaOf: (tool: string) => Record<string, unknown> | undefined,
): AskUserQuestionItem[] {
  return request.actionRequests.map((action, index) => {
    const canApprove = allows(request, index, 'approve')
    const canEdit = allows(request, index, 'edit')
    const canReject = allows(request, index, 'reject')
    const options: AskUserQuestionOption[] = []
    if (canApprove) options.push({ label: words.approve })
    if (canEdit) options.push({ label: words.edit, description: words.editHint })
    const deny = canReject ? words.reject : words.notNow
    options.push({ label: deny, description: canReject ? words.rejectHint : words.notNowHint })
    const intent: NonNullable<AskUserQuestionItem['intent']> = {
      kind: 'approval',
      tool: action.name,
      input: action.args,
      deny,
    }
    if (canApprove) intent.allow = words.approve
    if (canEdit) {
      intent.edit = words.edit
      const schema = reviewOf(request, index)?.argsSchema ?? schemaOf(action.name)
      if (schema !== undefined) intent.inputSchema = schema
    }
    const item: AskUserQuestionItem = {
      id: idOf(index),
      header: action.name,
      question: words.question(action.name),
      options,
      intent,
    }
    // Typed text is a reject's reason; where reject is not allowed there is none to give.
    if (!canReject && !canEdit) item.allowCustom = false
    const detail = detailOf(action)
    if (detail !== undefined) item.detail = detail
    return item
  })
}

/** A person's "not now" on a card whose review config allows no reject. */
export class NotNow extends Error {
  constructor() {
    super('The person chose not to decide now; the interrupt stays pending.')
    this.name = 'NotNow'
  }
}

/**
 * The middleware's resume value for the person's answers, in the order of
 * its actions. Throws {@link NotNow} when an action whose config allows no
 * reject was not approved: nothing may go back for it.
 */
export function toHitlResponse(
  request: HitlRequest,
  questions: readonly AskUserQuestionItem[],
  answer: AskUserQuestionAnswer,
): HitlResponse {
  const decisions = request.actionRequests.map((action, index): HitlDecision => {
    const question = questions[index]
    const approval = approvalOf(question)
    const item = answer.answers.find((candidate) => candidate.id === question?.id)
    const decided =
      approval && item ? approvalDecision(approval, item) : { decision: 'deny' as const }
    if (decided.decision === 'allow' || decided.decision === 'allow-always')
      return { type: 'approve' }
    if (decided.decision === 'edit')
      return { type: 'edit', editedAction: { name: action.name, args: decided.input } }
    if (!allows(request, index, 'reject')) throw new NotNow()
    return decided.reason === undefined
      ? { type: 'reject' }
      : { type: 'reject', message: decided.reason }
  })
  return { decisions }
}

/**
 * The resume value when no answer came (dismissed, deadline): a reject of
 * every action with `message`, or `null` when one of them allows no reject.
 */
export function rejectAll(request: HitlRequest, message: string): HitlResponse | null {
  const indexes = request.actionRequests.map((_, index) => index)
  if (!indexes.every((index) => allows(request, index, 'reject'))) return null
  return { decisions: indexes.map(() => ({ type: 'reject', message })) }
}
