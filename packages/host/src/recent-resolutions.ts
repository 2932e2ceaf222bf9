import type { QuestionResolvedFrame } from '@parley/seam/wire'

/** How many ended questions a host remembers for tabs that connect later. */
const RECENT_RESOLUTIONS = 256
/** How long it remembers each one: a deep link opened later than this says nothing. */
export const RECENT_RESOLUTIONS_MS = 15 * 60_000

/**
 * The last {@link RECENT_RESOLUTIONS} `question/resolved` frames this host
 * published, each for {@link RECENT_RESOLUTIONS_MS}, replayed to a tab that
 * connects later (after the pending questions, before `mux/ready`): a deep
 * link to a question that ended says how, when, where and with what answer,
 * and a tab that was away hears how its card ended instead of "gone". Only
 * tabs that may see the session get them, as every frame.
 */
export function createRecentResolutions(now: () => number) {
  const frames = new Map<string, { sessionId: string; text: string; at: number }>()
  const prune = () => {
    const oldest = now() - RECENT_RESOLUTIONS_MS
    for (const [rpcId, kept] of frames) {
      if (frames.size <= RECENT_RESOLUTIONS && kept.at > oldest) break
      frames.delete(rpcId)
    }
  }
  return {
    remember(frame: QuestionResolvedFrame): void {
      frames.delete(frame.rpcId)
      frames.set(frame.rpcId, {
        sessionId: frame.sessionId,
        text: JSON.stringify(frame),
        at: now(),
      })
      prune()
    },
    replay(): (readonly [string, string])[] {
      prune()
      return [...frames.values()].map((kept) => [kept.sessionId, kept.text] as const)
    },
  }
}
