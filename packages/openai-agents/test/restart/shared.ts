/** What the restart test and its agent process agree on. */

export const SESSION = 's1'
export const RESUME_KEY = 'turn-1'

/** Every node's coordinator options: fast liveness, a grace longer than any test. */
export const CLUSTER = {
  secret: 'the restart test cluster secret',
  heartbeatMs: 150,
  deadAfterMs: 600,
  recheckMs: 250,
  reattachGraceMs: 60_000,
}
