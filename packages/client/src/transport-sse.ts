import type { Downlink, Handler } from './connection.ts'

/** The browser `EventSource` surface the client uses. */
export interface EventSourceLike {
  onopen?: Handler<unknown> | null
  onmessage: Handler<{ data: unknown }> | null
  onerror: Handler<unknown> | null
  close(): void
}

/** An `EventSource` constructor. */
export type EventSourceConstructor = new (
  url: string,
  init?: { withCredentials?: boolean },
) => EventSourceLike

/**
 * Opens the mux as Server-Sent Events. Any error closes the source for good:
 * the connection's own backoff reopens it, so every reopen starts a fresh
 * replay instead of EventSource's silent built-in retry.
 */
export function openEventSource(
  EventSourceImpl: EventSourceConstructor,
  withCredentials: boolean,
): (url: string) => Downlink {
  return (url) => {
    const source = new EventSourceImpl(url, { withCredentials })
    const downlink: Downlink = {
      onopen: null,
      onmessage: null,
      onclose: null,
      close: () => source.close(),
    }
    source.onopen = (event) => downlink.onopen?.(event)
    source.onmessage = (event) => downlink.onmessage?.(event)
    source.onerror = () => {
      source.close()
      downlink.onclose?.(undefined)
    }
    return downlink
  }
}
