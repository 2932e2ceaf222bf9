/**
 * What of an answer the audit log keeps: the default `redact` hook
 * (`keepSelections`), and the guard the host runs an app's own hook in.
 */
import type { AskUserQuestionAnswer, AskUserQuestionItem } from '@parley/seam'
import * as v from 'valibot'
import { type AuditAnswer, AuditAnswerSchema } from './audit-record.ts'

/** What the `redact` hook is told about the answer it trims. */
export interface AuditRedactInfo {
  readonly rpcId: string
  readonly sessionId: string
  /** The questions the answer answers. */
  readonly questions: readonly AskUserQuestionItem[]
  /** `answer` for the first answer, `amendment` for a change of it. */
  readonly kind: 'answer' | 'amendment'
}

/**
 * The default `redact`: keeps which options were selected (the decision)
 * and drops every typed text (`custom`), marking the item `redacted`. Typed
 * text is where people put what should not be logged (an address, a token).
 * One exception: an approval's edit keeps its `custom`, the arguments the
 * person approved the call with, as the record keeps the arguments it was
 * shown with (`intent.input`); without them the log could not say what ran.
 */
export function keepSelections(
  answer: AskUserQuestionAnswer,
  info?: Pick<AuditRedactInfo, 'questions'>,
): AuditAnswer {
  const edits = new Map<string, string>()
  for (const question of info?.questions ?? []) {
    const edit = question.intent?.kind === 'approval' ? question.intent.edit : undefined
    if (edit !== undefined) edits.set(question.id, edit)
  }
  return {
    answers: answer.answers.map((item) => {
      const selected = [...item.selected]
      if (item.custom === undefined) return { id: item.id, selected }
      const edit = edits.get(item.id)
      if (edit !== undefined && selected.length === 1 && selected[0] === edit)
        return { id: item.id, selected, custom: item.custom }
      return { id: item.id, selected, redacted: true as const }
    }),
  }
}

/** Trims an answer for the log: what to store of it, or `undefined` for none. */
export type Redact = (
  answer: AskUserQuestionAnswer,
  info: AuditRedactInfo,
) => AuditAnswer | undefined

/**
 * The trail's `redact`: the default's output as it is, or what an app's
 * `hook` returns once it parses as an answer. What the hook throws, or
 * returns in another shape, stores none and goes to `report`. Never throws.
 */
export function guardedRedact(
  hook: Redact | undefined,
  report: (error: unknown, where: string) => void,
): Redact {
  // The default's output is built here, in the record's shape: only an app's hook is parsed.
  if (!hook) return (answer, info) => keepSelections(answer, info)
  return (answer, info) => {
    let kept: unknown
    try {
      kept = hook(answer, info)
    } catch (error) {
      report(error, 'audit.redact')
      return undefined
    }
    if (kept === undefined) return undefined
    const parsed = v.safeParse(AuditAnswerSchema, kept)
    if (parsed.success) return parsed.output
    report(new TypeError('audit.redact returned no answer shape'), 'audit.redact')
    return undefined
  }
}
