/**
 * Every way the host refuses a request, by its stable `code`: the HTTP status
 * and the sentence that goes in the JSON body (`{ error, code }`). Clients route
 * on `code`; the sentence is for people reading logs.
 */
export const REFUSALS = {
  BAD_REQUEST_TARGET: { status: 400, error: 'The request target does not parse.' },
  EMPTY_SESSION_ID: { status: 400, error: 'Empty session id.' },
  NOT_AUTHENTICATED: { status: 401, error: 'Not authenticated.' },
  HOST_NOT_ALLOWED: { status: 403, error: 'Host not allowed.' },
  ORIGIN_NOT_ALLOWED: { status: 403, error: 'Origin not allowed.' },
  SESSION_NOT_ACCESSIBLE: { status: 403, error: 'Session not accessible.' },
  NOT_FOUND: { status: 404, error: 'Not found.' },
  METHOD_NOT_ALLOWED: { status: 405, error: 'Use POST.' },
  BODY_TIMEOUT: { status: 408, error: 'The body did not arrive in time.' },
  BODY_TOO_LARGE: { status: 413, error: 'Body too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: 'Content-Type must be application/json.' },
  BODY_CUT_OFF: { status: 400, error: 'The body was cut off.' },
  BODY_NOT_JSON: { status: 400, error: 'The body is not JSON.' },
  EXTEND_BODY_INVALID: {
    status: 400,
    error: "An extend body is { rpcId, sessionId, reason: 'user' | 'activity' }.",
  },
  UPGRADE_REQUIRED: {
    status: 426,
    error: 'Upgrade to a WebSocket, or accept text/event-stream.',
  },
  TOO_MANY_STREAMS: { status: 429, error: 'Too many open streams for this principal.' },
  INTERNAL: { status: 500, error: 'Internal error.' },
  HOST_FULL: { status: 503, error: 'Too many open streams.' },
  SHUTTING_DOWN: { status: 503, error: 'The host is shutting down.' },
} as const satisfies Record<string, { status: number; error: string }>

/** A refusal's stable code. */
export type RefusalCode = keyof typeof REFUSALS

/** A refusal: the HTTP status, its stable code and a short reason for the body. */
export interface Refusal {
  status: number
  code: RefusalCode
  error: string
}

/** The refusal with this code. */
export function refusal(code: RefusalCode): Refusal {
  return { code, ...REFUSALS[code] }
}

/** The JSON body of a refusal. */
export function refusalBody(refused: Refusal): { error: string; code: RefusalCode } {
  return { error: refused.error, code: refused.code }
}

export function isRefusal(value: object): value is Refusal {
  return 'status' in value && 'code' in value && 'error' in value
}
