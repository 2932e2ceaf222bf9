import { parseRespondReceipt, type RespondBody, type RespondReceipt } from '@parley/seam/wire'
import type { QuestionClient } from './client.types.ts'
import { type PostDeps, postReceipt } from './respond.ts'
import type { SessionStore } from './session-store.ts'

/** The POSTs a client makes: an answer, a cancel, and any other route's body. */
export type Uplink = Pick<QuestionClient, 'respond' | 'cancel' | 'post'>

/** 128 random bits as hex (`getRandomValues` also works outside secure contexts). */
function mintResponseId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
}

/**
 * The uplink to the host at `base`. A response without a receipt yet keeps
 * its id, so a retry is the same response to the host (accepted again if
 * the lost reply was a commit).
 */
export function createUplink(
  post: PostDeps,
  base: string,
  respondPath: string,
  sessions: SessionStore,
): Uplink {
  const respondUrl = new URL(respondPath, base).toString()
  const unconfirmed = new Map<string, string>()
  async function send(body: RespondBody): Promise<RespondReceipt> {
    const responseId = unconfirmed.get(body.rpcId) ?? mintResponseId()
    unconfirmed.set(body.rpcId, responseId)
    const receipt = await postReceipt(
      post,
      respondUrl,
      { ...body, responseId },
      parseRespondReceipt,
    )
    unconfirmed.delete(body.rpcId)
    // Accepted: the host's `question/resolved` broadcast retires it, with its outcome.
    // Not pending: settled elsewhere; its outcome comes with that broadcast, if at all.
    if (!receipt.accepted && receipt.reason === 'not-pending')
      sessions.retire(body.sessionId, body.rpcId)
    return receipt
  }
  return {
    respond: (rpcId, sessionId, answer) => send({ rpcId, sessionId, result: { ok: true, answer } }),
    cancel: (rpcId, sessionId) =>
      send({ rpcId, sessionId, result: { ok: false, error: { code: 'cancelled' } } }),
    post: (path, body, parse) => postReceipt(post, new URL(path, base).toString(), body, parse),
  }
}
