import { ParleyError } from '@parley/seam'

/** Where the model's input broke the schema, and how. */
export interface ToolInputIssue {
  /** Path inside the input, e.g. `['questions', 0, 'options', 1, 'label']`. */
  path: (string | number)[]
  /** What is wrong, e.g. `expected string`. */
  problem: string
}

/**
 * The model called `ask_user_question` with input that fails its schema.
 * `code` is always `INVALID_INPUT`; the message names each offending path
 * (e.g. `questions.0.options.1.label: expected string`) so the model can
 * correct itself and call again.
 */
export class ToolInputError extends ParleyError {
  declare readonly code: 'INVALID_INPUT'
  /** Every problem found, in input order. */
  readonly issues: ToolInputIssue[]

  constructor(issues: ToolInputIssue[], options?: ErrorOptions) {
    const lines = issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.problem}`)
    super(`Invalid ask_user_question input. ${lines.join('; ')}`, 'INVALID_INPUT', options)
    this.name = 'ToolInputError'
    this.issues = issues
  }
}
