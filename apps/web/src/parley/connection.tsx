/**
 * The app's one connection to the host: the Parley mux. Questions and the
 * demo's chat frames arrive on the same WebSocket.
 *
 * TEMPORARY: until `@parley/client` and the React bindings land, this opens
 * the mux itself and only forwards application frames. The swap is local to
 * this folder: `ParleyProvider` becomes `createQuestionClient` +
 * `QuestionClientProvider`, `useConnectionStatus` comes from `@parley/react`,
 * and `useAppFrames` subscribes to the client's application frames.
 */
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed'

type FrameListener = (frame: unknown) => void

interface Connection {
  status(): ConnectionStatus
  subscribeStatus(listener: () => void): () => void
  onAppFrame(listener: FrameListener): () => void
  close(): void
}

function openMux(url: string): Connection {
  let status: ConnectionStatus = 'connecting'
  let socket: WebSocket | null = null
  let attempt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false
  const statusListeners = new Set<() => void>()
  const frameListeners = new Set<FrameListener>()

  const setStatus = (next: ConnectionStatus) => {
    if (status === next) return
    status = next
    for (const listener of statusListeners) listener()
  }

  const connect = () => {
    socket = new WebSocket(url)
    socket.onmessage = (message) => {
      if (typeof message.data !== 'string') return
      let data: unknown
      try {
        data = JSON.parse(message.data)
      } catch {
        return
      }
      if (typeof data === 'object' && data !== null && Reflect.get(data, 'type') === 'mux/ready') {
        attempt = 0
        setStatus('open')
        return
      }
      for (const listener of frameListeners) listener(data)
    }
    socket.onclose = () => {
      socket = null
      if (closed) return
      setStatus('reconnecting')
      const delay = Math.min(10_000, 250 * 2 ** attempt) * (0.5 + Math.random() / 2)
      attempt += 1
      timer = setTimeout(connect, delay)
    }
  }
  connect()

  return {
    status: () => status,
    subscribeStatus(listener) {
      statusListeners.add(listener)
      return () => statusListeners.delete(listener)
    },
    onAppFrame(listener) {
      frameListeners.add(listener)
      return () => frameListeners.delete(listener)
    },
    close() {
      closed = true
      clearTimeout(timer)
      socket?.close()
      setStatus('closed')
    },
  }
}

const ConnectionContext = createContext<Connection | null>(null)

function muxUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${window.location.host}/api/mux`
}

export function ParleyProvider({ children }: { children: ReactNode }) {
  const [connection, setConnection] = useState<Connection | null>(null)
  useEffect(() => {
    const opened = openMux(muxUrl())
    setConnection(opened)
    return () => opened.close()
  }, [])
  return <ConnectionContext.Provider value={connection}>{children}</ConnectionContext.Provider>
}

const noop = () => () => {}

export function useConnectionStatus(): ConnectionStatus {
  const connection = useContext(ConnectionContext)
  return useSyncExternalStore(
    connection?.subscribeStatus ?? noop,
    () => connection?.status() ?? 'connecting',
  )
}

/** Calls `listener` with every application frame (unparsed: callers check it). */
export function useAppFrames(listener: FrameListener) {
  const connection = useContext(ConnectionContext)
  const latest = useRef(listener)
  latest.current = listener
  useEffect(() => connection?.onAppFrame((frame) => latest.current(frame)), [connection])
}
