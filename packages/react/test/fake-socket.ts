import type { WebSocketLike } from '@parley/client'
import { act } from '@testing-library/react'

/** A stand-in for the browser's WebSocket that opens at once and that the test feeds frames through. */
export class FakeSocket implements WebSocketLike {
  static last: FakeSocket | null = null
  onopen: ((event: unknown) => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onclose: ((event: unknown) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.last = this
    queueMicrotask(() => this.onopen?.({}))
  }
  close() {}
  push(frame: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }))
  }
}
