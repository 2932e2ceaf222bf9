import type { IncomingMessage } from 'node:http'
import * as v from 'valibot'
import { HttpError, readJson } from './http-util.ts'

/** `POST /api/sessions`. */
export const CreateSessionBody = v.object({
  title: v.optional(v.pipe(v.string(), v.maxLength(120))),
})

/** `POST /api/sessions/:id/messages`. */
export const MessageBody = v.object({
  text: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(4000)),
})

/** Routes that take no fields still take a JSON object, so the content-type fence applies. */
export const EmptyBody = v.object({})

/** Reads a JSON body behind the content-type fence and parses it, or throws 400 with the problems. */
export async function parseBody<S extends v.GenericSchema>(
  req: IncomingMessage,
  schema: S,
): Promise<v.InferOutput<S>> {
  const parsed = v.safeParse(schema, await readJson(req))
  if (parsed.success) return parsed.output
  const where = parsed.issues
    .map((issue) => (issue.path ?? []).map((item) => String(item.key)).join('.') || 'body')
    .join(', ')
  throw new HttpError(400, 'BAD_BODY', `The request body is not valid (${where}).`)
}
