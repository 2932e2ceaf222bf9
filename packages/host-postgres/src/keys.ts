import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'

/**
 * The keys a node derives from the cluster's secret, one per purpose (HKDF
 * with SHA-256, each with its own label), so no two uses share a key and
 * the secret itself never leaves the process:
 * - `bell`: the HMAC that authenticates every doorbell;
 * - `tag`: the HMAC that binds a question to its session, stored in its row
 *   so a claim's doorbell (built by PostgreSQL) can prove which session it ends;
 * - `frame`: AES-256-GCM for a question frame that rides in its doorbell;
 * - `fingerprint`: what the database stores to tell nodes with another secret.
 */
export interface ClusterKeys {
  readonly bell: Buffer
  readonly tag: Buffer
  readonly frame: Buffer
  readonly fingerprint: string
}

const SALT = 'parley/host-postgres'

function derive(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, `parley/host-postgres ${label} v1`, 32))
}

/** Derives the cluster keys; throws on an empty secret. */
export function deriveKeys(secret: string): ClusterKeys {
  if (typeof secret !== 'string' || secret.length === 0)
    throw new TypeError('createPostgresCoordinator needs `secret`, the one every node shares.')
  const fingerprintKey = derive(secret, 'fingerprint')
  return {
    bell: derive(secret, 'doorbell mac'),
    tag: derive(secret, 'session tag'),
    frame: derive(secret, 'frame encryption'),
    fingerprint: createHmac('sha256', fingerprintKey)
      .update('parley cluster secret fingerprint')
      .digest('base64url'),
  }
}

const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest()

function macMatches(key: Buffer, text: string, given: string): boolean {
  const expected = mac(key, text)
  const bytes = Buffer.from(given, 'base64url')
  return bytes.length === expected.length && timingSafeEqual(bytes, expected)
}

/** The doorbell envelope's prefix: `p1.<mac>.<signed JSON>`. */
const PREFIX = 'p1.'
const MAC_CHARS = 43

/** Signs a doorbell's JSON: the payload `NOTIFY` carries. */
export function sign(keys: ClusterKeys, json: string): string {
  return `${PREFIX}${mac(keys.bell, json).toString('base64url')}.${json}`
}

/**
 * The signed JSON of an envelope and the unsigned tail PostgreSQL appended
 * after a newline (a claim's session and its tag), or `undefined` when the
 * MAC does not verify.
 */
export function open(
  keys: ClusterKeys,
  payload: string,
): { json: string; tail: string | undefined } | undefined {
  if (!payload.startsWith(PREFIX)) return undefined
  const given = payload.slice(PREFIX.length, PREFIX.length + MAC_CHARS)
  if (payload[PREFIX.length + MAC_CHARS] !== '.') return undefined
  const rest = payload.slice(PREFIX.length + MAC_CHARS + 1)
  const newline = rest.indexOf('\n')
  const json = newline === -1 ? rest : rest.slice(0, newline)
  const tail = newline === -1 ? undefined : rest.slice(newline + 1)
  return macMatches(keys.bell, json, given) ? { json, tail } : undefined
}

const tagText = (rpcId: string, sessionId: string) => `${rpcId}\u0000${sessionId}`

/** The tag that binds question `rpcId` to `sessionId` (stored with the question). */
export function sessionTag(keys: ClusterKeys, rpcId: string, sessionId: string): string {
  return mac(keys.tag, tagText(rpcId, sessionId)).toString('base64url')
}

/** Does `tag` bind `rpcId` to `sessionId`? */
export function tagMatches(keys: ClusterKeys, rpcId: string, sessionId: string, tag: string) {
  return macMatches(keys.tag, tagText(rpcId, sessionId), tag)
}

const IV_BYTES = 12
const AUTH_TAG_BYTES = 16

/** Encrypts a question frame for its doorbell (AES-256-GCM, random IV, bound to its rpcId). */
export function seal(keys: ClusterKeys, rpcId: string, text: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keys.frame, iv)
  cipher.setAAD(Buffer.from(rpcId))
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
}

/** Decrypts what {@link seal} made for `rpcId`; `undefined` when it does not authenticate. */
export function unseal(keys: ClusterKeys, rpcId: string, sealed: string): string | undefined {
  const bytes = Buffer.from(sealed, 'base64')
  if (bytes.length < IV_BYTES + AUTH_TAG_BYTES) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.frame, bytes.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(rpcId))
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + AUTH_TAG_BYTES))
    const body = decipher.update(bytes.subarray(IV_BYTES + AUTH_TAG_BYTES))
    return Buffer.concat([body, decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}

/** A fresh nonce for a doorbell (replays of one are dropped). */
export const nonce = () => randomBytes(12).toString('base64url')

/**
 * The session-level advisory lock a node's liveness connection (`liveness.ts`)
 * holds while the node lives: PostgreSQL releases it the moment the connection dies, so
 * a claim can tell a live asker from a killed one before the heartbeat does.
 * Two int4 keys: a fixed class and 31 bits of the node id's MD5 (the same
 * expression the claim computes in SQL).
 */
export const LIVENESS_CLASS = 0x7061726c
export function livenessKey(nodeId: string): number {
  return createHash('md5').update(nodeId).digest().readUInt32BE(0) & 0x7fffffff
}
