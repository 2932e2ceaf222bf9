/**
 * The zod reference the browser parser must match: the wire schemas (plus
 * `validateRequest` for a requested batch), wrapped exactly as the seam
 * wrapped them before the zod-free parser existed.
 */
import { validateRequest } from '../src/validate-request.ts'
import {
  AppFrameSchema,
  type DownlinkFrame,
  MuxReadyFrameSchema,
  QuestionRequestedFrameSchema,
  QuestionResolvedFrameSchema,
  type RespondBody,
  RespondBodySchema,
  type RespondReceipt,
  RespondReceiptSchema,
  type WireParse,
} from '../src/wire.ts'
import { shapeIssues } from '../src/zod-issues.ts'

function badFrame(message: string): WireParse<never> {
  return { ok: false, issues: [{ code: 'BAD_ANSWER', rule: 'frame', path: [], message }] }
}

/** `parseDownlinkFrame` as zod parses it. */
export function zodDownlinkFrame(input: unknown): WireParse<DownlinkFrame> {
  let data = input
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input)
    } catch {
      return badFrame('The frame is not JSON.')
    }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return badFrame('A frame must be a JSON object.')
  const type = Object.hasOwn(data, 'type') ? Reflect.get(data, 'type') : undefined
  if (type === 'question/requested') {
    const parsed = QuestionRequestedFrameSchema.safeParse(data)
    if (!parsed.success) return { ok: false, issues: shapeIssues(parsed.error, 'BAD_ANSWER') }
    const batch = validateRequest({ questions: parsed.data.questions })
    return batch.ok ? { ok: true, value: parsed.data } : { ok: false, issues: batch.issues }
  }
  const schema =
    type === 'question/resolved'
      ? QuestionResolvedFrameSchema
      : type === 'mux/ready'
        ? MuxReadyFrameSchema
        : AppFrameSchema
  const parsed = schema.safeParse(data)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, issues: shapeIssues(parsed.error, 'BAD_ANSWER') }
}

/** `parseRespondReceipt` as zod parses it. */
export function zodRespondReceipt(data: unknown): WireParse<RespondReceipt> {
  const parsed = RespondReceiptSchema.safeParse(data)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, issues: shapeIssues(parsed.error, 'BAD_ANSWER') }
}

/** `parseRespondBody` as zod parses it (the host's parser before the zod-free one). */
export function zodRespondBody(data: unknown): WireParse<RespondBody> {
  const parsed = RespondBodySchema.safeParse(data)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, issues: shapeIssues(parsed.error, 'BAD_ANSWER') }
}
