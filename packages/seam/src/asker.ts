import type { AskUserQuestionAsker } from './schemas.ts'

/** The separator between the agents of an asker's chain. */
export const ASKER_SEPARATOR = ' › '

/**
 * The asker as one line, root first: `"Planner › Test writer"` for a
 * subagent, `"Planner"` for a root agent. What a card's eyebrow, an inbox
 * and the tool's result line show.
 */
export function askerChain(asker: AskUserQuestionAsker): string {
  return [...(asker.parents ?? []), asker.name].join(ASKER_SEPARATOR)
}

/** True when the asker works for another agent (it names parents): a subagent. */
export function isSubagentAsker(asker: AskUserQuestionAsker | undefined): boolean {
  return (asker?.parents?.length ?? 0) > 0
}
