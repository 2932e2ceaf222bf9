import type { TranscriptEvent } from '@parley/demo-chat'
import { DEFAULT_SESSION_LIMITS, type TranscriptStore } from './types.ts'

export interface MemoryTranscriptsOptions {
  /** Events kept per session. @default 500 */
  maxEvents?: number | undefined
  /** Whether the session still exists (an event for a gone session is dropped). */
  exists: (sessionId: string) => boolean
}

/** Transcripts in this process's memory; `drop` forgets an evicted session's. */
export function createMemoryTranscripts(
  options: MemoryTranscriptsOptions,
): TranscriptStore & { drop(sessionId: string): void } {
  const maxEvents = options.maxEvents ?? DEFAULT_SESSION_LIMITS.maxEvents
  const transcripts = new Map<string, TranscriptEvent[]>()

  return {
    async record(sessionId, event) {
      if (!options.exists(sessionId)) return
      let events = transcripts.get(sessionId)
      if (!events) {
        events = []
        transcripts.set(sessionId, events)
      }
      const at = events.findIndex((e) => e.id === event.id && e.kind === event.kind)
      if (at >= 0) events[at] = event
      else events.push(event)
      if (events.length > maxEvents) events.splice(0, events.length - maxEvents)
    },
    async events(sessionId) {
      return [...(transcripts.get(sessionId) ?? [])]
    },
    drop(sessionId) {
      transcripts.delete(sessionId)
    },
  }
}
