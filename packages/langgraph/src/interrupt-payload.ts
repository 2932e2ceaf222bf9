/**
 * Reading an interrupt's payload: Parley's own (`askUser()`), parsed and
 * checked like any request, or the human-in-the-loop middleware's, turned
 * into approval questions. Anything else is refused.
 */
import type { Interrupt } from '@langchain/langgraph'
import {
  type AskUserQuestionAsker,
  type AskUserQuestionItem,
  UserQuestionError,
  validateRequest,
} from '@parley/seam'
import * as v from 'valibot'
import { failure, ParleyInterruptSchema } from './ask-user.ts'
import { type HitlRequest, HitlRequestSchema, type HitlWords, toApprovalQuestions } from './hitl.ts'

/** An interrupt as the runner understood it: where it came from and the questions to ask. */
export type Understood =
  | {
      source: 'askUser'
      questions: AskUserQuestionItem[]
      timeoutMs?: number
      asker?: AskUserQuestionAsker
    }
  | { source: 'hitl'; request: HitlRequest; questions: AskUserQuestionItem[] }

/** What reading a middleware interrupt needs: the card's words and the tools' argument schemas. */
export interface Reading {
  words: HitlWords
  schemaOf: (tool: string) => Record<string, unknown> | undefined
}

/** Reads an interrupt's payload: Parley's own, the middleware's, or neither (refused). */
export function understand(interrupt: Interrupt, { words, schemaOf }: Reading): Understood {
  const parley = v.safeParse(ParleyInterruptSchema, interrupt.value)
  if (parley.success) {
    const { questions, timeoutMs, asker } = parley.output
    // Read back from a checkpoint: parsed again, as any request is.
    const checked = validateRequest({ questions, timeoutMs, asker })
    if (!checked.ok) throw failure(checked.issues)
    const understood: Understood = { source: 'askUser', questions: checked.request.questions }
    if (checked.request.timeoutMs !== undefined) understood.timeoutMs = checked.request.timeoutMs
    if (checked.request.asker !== undefined) understood.asker = checked.request.asker
    return understood
  }
  const hitl = v.safeParse(HitlRequestSchema, interrupt.value)
  if (hitl.success)
    return {
      source: 'hitl',
      request: hitl.output,
      questions: toApprovalQuestions(hitl.output, words, schemaOf),
    }
  throw new UserQuestionError(
    `An interrupt Parley cannot show (id ${interrupt.id ?? 'none'}): neither askUser() nor the human-in-the-loop middleware raised it.`,
    'INVALID_QUESTION',
  )
}
