/**
 * Sizes of the reliability suite. `PARLEY_RELIABILITY=full` runs the issue's
 * sizes (`pnpm test:reliability`); the default is a shortened run for `pnpm test`.
 * `PARLEY_SEED` overrides the fixed fast-check seed.
 */
export const FULL = process.env.PARLEY_RELIABILITY === 'full'

export const MODE = FULL ? 'full' : 'short'

const parsedSeed = Number.parseInt(process.env.PARLEY_SEED ?? '', 10)
export const SEED = Number.isFinite(parsedSeed) ? parsedSeed : 20_261_129

/** Sizes of the hostile-requests part (`hostile.test.ts`). */
const HOSTILE = FULL
  ? {
      malformedTargets: 3_000,
      upgradeFlood: 400,
      forgedPosts: 400,
      replayAsks: 40,
      extraStreams: 32,
      issueFlood: 90,
    }
  : {
      malformedTargets: 160,
      upgradeFlood: 40,
      forgedPosts: 60,
      replayAsks: 24,
      extraStreams: 4,
      issueFlood: 30,
    }

/**
 * Sizes of the cluster parts (`cluster.test.ts`). A short run uses fast
 * liveness so a killed node is reaped in about a second; the full run uses
 * the coordinator's defaults (heartbeat 2 s, dead after 6 s), as deployed.
 */
const CLUSTER = FULL
  ? {
      flows: 1_000,
      killFlows: 300,
      stranded: 30,
      restartQuestions: 60,
      trustQuestions: 60,
      liveness: { heartbeatMs: 2_000, deadAfterMs: 6_000, recheckMs: 5_000 },
    }
  : {
      flows: 150,
      killFlows: 60,
      stranded: 8,
      restartQuestions: 16,
      trustQuestions: 12,
      liveness: { heartbeatMs: 250, deadAfterMs: 1_000, recheckMs: 500 },
    }

export const SIZES = FULL
  ? {
      respondBodies: 10_000,
      frames: 10_000,
      faultFlows: 1_000,
      concurrentClients: 100,
      races: 200,
      hostile: HOSTILE,
      cluster: CLUSTER,
    }
  : {
      respondBodies: 600,
      frames: 2_000,
      faultFlows: 140,
      concurrentClients: 100,
      races: 30,
      hostile: HOSTILE,
      cluster: CLUSTER,
    }

/** A small seeded PRNG (mulberry32) for choices outside fast-check. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
