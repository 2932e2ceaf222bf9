import type { IncomingMessage } from 'node:http'
import * as z from 'zod/mini'
import { HttpError, readJson } from './http-util.ts'

/** `POST /api/sessions`. */
export const CreateSessionBody = z.object({
  title: z.optional(z.string().check(z.maxLength(120))),
})

/** `POST /api/sessions/:id/messages`. */
export const MessageBody = z.object({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(4000)),
})

/** Routes that take no fields still take a JSON object, so the content-type fence applies. */
export const EmptyBody = z.object({})

/** Reads a JSON body behind the content-type fence and parses it, or throws 400 with the problems. */
export async function parseBody<T>(req: IncomingMessage, schema: z.ZodMiniType<T>): Promise<T> {
  const parsed = schema.safeParse(await readJson(req))
  if (parsed.success) return parsed.data
  const where = parsed.error.issues.map((issue) => issue.path.join('.') || 'body').join(', ')
  throw new HttpError(400, 'BAD_BODY', `The request body is not valid (${where}).`)
}
