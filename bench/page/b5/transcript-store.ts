/**
 * The harness's conversation, standing in for the demo's react-query cache
 * of chat frames: what the agent said, and its `ask_user_question` rows.
 */
import type { TranscriptEvent } from '../../../apps/web/src/api/types.ts'

let events: TranscriptEvent[] = []
const listeners = new Set<() => void>()
let nextId = 0

function set(next: TranscriptEvent[]): void {
  events = next
  for (const listener of listeners) listener()
}

export const transcript = {
  get: () => events,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  say(role: 'user' | 'agent', text: string): void {
    set([...events, { kind: 'message', id: `m${nextId++}`, role, text, at: Date.now() }])
  },
  /** The agent calls the tool: a running row, as the demo shows while a question waits. */
  ask(total: number): void {
    const row = { id: `t${nextId++}`, name: 'ask_user_question', status: 'running', total } as const
    set([...events, { kind: 'tool', ...row, at: Date.now() }])
  },
  /** The running row is answered and the agent replies (the demo's chat frames after an answer). */
  answered(): void {
    const running = events.findLast((event) => event.kind === 'tool' && event.status === 'running')
    if (running?.kind !== 'tool') return
    const done = { ...running, status: 'answered', answered: running.total } as const
    set(events.map((event) => (event === running ? done : event)))
    transcript.say('agent', 'Thanks, that is everything I needed. Starting now.')
  },
}

/** A conversation long enough to scroll, so the log follows its end like the demo's. */
export function seedTranscript(): void {
  for (let turn = 0; turn < 6; turn++) {
    transcript.say('user', `Message ${turn + 1}: can you look at the rollout for the next release?`)
    transcript.say(
      'agent',
      `Here is what I found for message ${turn + 1}. The **rollout** has three steps, and the second one waits on the database migration. I can prepare the change once you decide how to go on.`,
    )
  }
}
