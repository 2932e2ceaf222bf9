import { type DeadlineReason, type ExtendReceipt, parseExtendBody } from '@parley/seam/wire'
import { admitJsonPost } from './fences.ts'
import { REFUSALS, type RefusalCode } from './refusals.ts'
import type { BodyReader, Reply } from './respond.ts'
import type { HostRequest } from './types.ts'

interface ExtendDeps<P> {
  authenticate(request: HostRequest): P | null | Promise<P | null>
  canAccess(principal: P, sessionId: string): boolean
  allowedOrigins?: readonly string[] | undefined
  report?: ((error: unknown, where: string) => void) | undefined
  maxBodyBytes: number
  bodyTimeoutMs: number
  /**
   * Moves the deadline of pending question `rpcId` of `sessionId` by the
   * host's policy; `undefined` when it is not pending (here, or in a cluster).
   */
  extend(
    rpcId: string,
    sessionId: string,
    reason: DeadlineReason,
  ): ExtendReceipt | undefined | Promise<ExtendReceipt | undefined>
}

const refuse = (code: RefusalCode): Reply<ExtendReceipt> => ({
  status: REFUSALS[code].status,
  body: { error: REFUSALS[code].error, code },
})
const receipt = (body: ExtendReceipt): Reply<ExtendReceipt> => ({ status: 200, body })
const NOT_PENDING = receipt({ extended: false, reason: 'not-pending' })

/**
 * `POST /api/extend`: a tab asks for more time for a pending question
 * (`reason: 'user'`), or says the person is typing or choosing
 * (`'activity'`). The same fences as the respond route (origin 403, content
 * type 415, size 413, 401, slow body 408, JSON 400, access 403), then the
 * body (400 `EXTEND_BODY_INVALID`), the pending lookup and the host's
 * deadline policy. A question of another session, or of a session the
 * principal may not access, is `not-pending`, as an unknown one is.
 */
export async function handleExtend<P>(
  deps: ExtendDeps<P>,
  request: HostRequest,
  readBody: BodyReader,
): Promise<Reply<ExtendReceipt>> {
  const admitted = await admitJsonPost(deps, request, readBody)
  if ('refusal' in admitted) return refuse(admitted.refusal)
  const parsed = parseExtendBody(admitted.data)
  if (!parsed.ok) return refuse('EXTEND_BODY_INVALID')
  const { rpcId, sessionId, reason } = parsed.value
  const moved = await deps.extend(rpcId, sessionId, reason)
  return moved ? receipt(moved) : NOT_PENDING
}
