/**
 * The app's one connection to the host is the Parley mux of `@parley/client`:
 * questions and the demo's chat frames arrive on the same WebSocket. The
 * question side comes from `@parley/react`'s bindings; this adds the chat's
 * application frames.
 */
import { useConnectionStatus, useQuestionClient } from '@parley/react/connection'
import type { AppFrame } from '@parley/seam/wire'
import { useEffect, useRef } from 'react'

export { useConnectionStatus }

/** Calls `listener` with every application frame of the mux (callers parse it). */
export function useAppFrames(listener: (frame: AppFrame) => void) {
  const client = useQuestionClient()
  const latest = useRef(listener)
  latest.current = listener
  useEffect(() => client.onAppFrame((frame) => latest.current(frame)), [client])
}
