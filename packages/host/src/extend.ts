import { type ExtendReceipt, parseExtendBody } from '@parley/seam/wire'
import type { Deadlines } from './deadlines.ts'
import { isJsonContentType, mayAccess, originAllowed, principalOf } from './fences.ts'
import type { PendingStore } from './pending-table.ts'
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
  store: Pick<PendingStore, 'get'>
  deadlines: Pick<Deadlines, 'extend'>
}

const refuse = (code: RefusalCode): Reply<ExtendReceipt> => ({
  status: REFUSALS[code].status,
  body: { error: REFUSALS[code].error, code },
})
const receipt = (body: ExtendReceipt): Reply<ExtendReceipt> => ({ status: 200, body })
const NOT_PENDING = receipt({ extended: false, reason: 'not-pending' })

const BODY_FAILURES = {
  'too-large': 'BODY_TOO_LARGE',
  timeout: 'BODY_TIMEOUT',
  aborted: 'BODY_CUT_OFF',
} as const

function claimedSessionOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !Object.hasOwn(data, 'sessionId'))
    return undefined
  const sessionId: unknown = Reflect.get(data, 'sessionId')
  return typeof sessionId === 'string' ? sessionId : undefined
}

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
  if (request.method !== 'POST') return refuse('METHOD_NOT_ALLOWED')
  if (!originAllowed(request, deps.allowedOrigins)) return refuse('ORIGIN_NOT_ALLOWED')
  if (!isJsonContentType(request)) return refuse('UNSUPPORTED_MEDIA_TYPE')
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > deps.maxBodyBytes) return refuse('BODY_TOO_LARGE')
  const principal = await principalOf(deps, request)
  if (principal === null) return refuse('NOT_AUTHENTICATED')
  const text = await readBody(deps.maxBodyBytes, deps.bodyTimeoutMs)
  if (typeof text !== 'string') return refuse(BODY_FAILURES[text.failed])
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return refuse('BODY_NOT_JSON')
  }
  const claimed = claimedSessionOf(data)
  if (claimed !== undefined && !mayAccess(deps, principal, claimed))
    return refuse('SESSION_NOT_ACCESSIBLE')
  const parsed = parseExtendBody(data)
  if (!parsed.ok) return refuse('EXTEND_BODY_INVALID')
  const { rpcId, sessionId, reason } = parsed.value
  const entry = deps.store.get(rpcId)
  if (!entry || entry.sessionId !== sessionId) return NOT_PENDING
  return receipt(deps.deadlines.extend(rpcId, reason))
}
