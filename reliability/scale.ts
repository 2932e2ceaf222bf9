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

export const SIZES = FULL
  ? {
      respondBodies: 10_000,
      frames: 10_000,
      faultFlows: 1_000,
      concurrentClients: 100,
      races: 200,
      hostile: HOSTILE,
    }
  : {
      respondBodies: 600,
      frames: 2_000,
      faultFlows: 140,
      concurrentClients: 100,
      races: 30,
      hostile: HOSTILE,
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
