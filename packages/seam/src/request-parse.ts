/**
 * The zod-free twin of `AskUserQuestionRequestDataSchema`: the service's hot
 * path (and `validateRequest`) parse a request with it instead of zod. It
 * accepts exactly what the schema accepts, returns the same output (unknown
 * keys dropped, declared keys read the way zod reads them, through the
 * prototype chain too) and reports the same issues in the same order, coded
 * `INVALID_QUESTION`; `test/request-parse.equivalence.test.ts` proves it.
 */
import {
  array,
  fail,
  type Guard,
  hasInherited,
  object,
  optional,
  questionItem,
  run,
  string,
  type WireParse,
} from './parse-kit.ts'
import type { AskUserQuestionRequestData } from './schemas.ts'

/**
 * `z.number().check(z.int(), z.positive())`: a finite number, then an integer
 * (a fraction stops the checks), within the safe range, and above zero.
 */
const positiveInt: Guard<number> = (value, path, issues) => {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return fail(issues, path, 'expected number')
  if (!Number.isInteger(value)) return fail(issues, path, 'expected int')
  if (value > Number.MAX_SAFE_INTEGER)
    fail(issues, path, `must be at most ${Number.MAX_SAFE_INTEGER}`)
  else if (value < Number.MIN_SAFE_INTEGER)
    fail(issues, path, `must be at least ${Number.MIN_SAFE_INTEGER}`)
  if (!(value > 0)) fail(issues, path, 'must be at least 0')
  return value
}

const requestData = object<AskUserQuestionRequestData>(
  {
    questions: array(questionItem(hasInherited)),
    sessionId: optional(string),
    callId: optional(string),
    timeoutMs: optional(positiveInt),
  },
  false,
  hasInherited,
)

/**
 * Parses the serialisable part of a request exactly as
 * `AskUserQuestionRequestDataSchema.safeParse` does, its issues coded
 * `INVALID_QUESTION` and worded as `validateRequest` words a schema issue.
 * Never throws on data (a throwing getter still throws, as it does in zod).
 */
export function parseRequestData(data: unknown): WireParse<AskUserQuestionRequestData> {
  const parsed = run(requestData, data)
  if (!parsed.ok) for (const found of parsed.issues) found.code = 'INVALID_QUESTION'
  return parsed
}
