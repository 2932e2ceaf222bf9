/**
 * `@parley/langgraph`: LangGraph interrupts answered in Parley's question
 * card. `askUser()` asks from inside a node; `runWithParley()` runs a graph
 * for a thread, shows every interrupt (Parley's own and LangChain's
 * human-in-the-loop middleware) as a card, and resumes the graph with the
 * answer, durably across restarts with a durable Parley host.
 */
export {
  type AskUserOptions,
  askUser,
  PARLEY_INTERRUPT,
  type ParleyInterruptValue,
} from './ask-user.ts'
export {
  DEFAULT_HITL_WORDS,
  type HitlDecision,
  type HitlRequest,
  type HitlResponse,
  type HitlWords,
} from './hitl.ts'
export type { LangGraphInterruptProvenance } from './interrupt-asks.ts'
export {
  type ParleyGraph,
  type ParleyRunConfig,
  type RunWithParleyOptions,
  runWithParley,
} from './run.ts'
export type { ToolWithSchema } from './tools.ts'
