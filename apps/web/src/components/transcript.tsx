/** The conversation: messages and tool rows, scrolled to the newest unless the user scrolled up. */
import { displayText } from '@parley/react'
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { MessageEvent, ToolEvent, TranscriptEvent } from '../api/types.ts'
import { useCardCover } from './card-cover.ts'
import { ArrowDownIcon, Logo } from './icons.tsx'
import { RichText } from './rich-text.tsx'
import { ToolRow } from './tool-row.tsx'

/** How close to the bottom (px) still counts as "following" the conversation. */
const FOLLOW_SLACK = 64

function Message({ event }: { event: MessageEvent }) {
  if (event.role === 'user') {
    return (
      <div className="message" data-role="user">
        <span className="sr-only">You: </span>
        <div className="bubble" dir="auto">
          {displayText(event.text)}
        </div>
      </div>
    )
  }
  return (
    <div className="message" data-role="agent">
      <span className="avatar">
        <Logo />
      </span>
      <div className="message-body">
        <span className="sr-only">Agent: </span>
        <div dir="auto">
          <RichText text={event.text} />
        </div>
      </div>
    </div>
  )
}

interface TranscriptProps {
  events: TranscriptEvent[]
  onStop?: (() => void) | undefined
  stopping?: boolean
  /** Shown instead of the events when there are none. */
  empty?: ReactNode
  /** The address of a tool call's question, when it has one. */
  questionLinkOf?: ((event: ToolEvent) => string | undefined) | undefined
}

export function Transcript({
  events,
  onStop,
  stopping = false,
  empty,
  questionLinkOf,
}: TranscriptProps) {
  const logRef = useRef<HTMLDivElement>(null)
  const following = useRef(true)
  const [showJump, setShowJump] = useState(false)

  const scrollToEnd = useCallback((smooth = false) => {
    const log = logRef.current
    if (!log) return
    log.scrollTo({ top: log.scrollHeight, behavior: smooth ? 'smooth' : 'auto' })
  }, [])

  const onScroll = () => {
    const log = logRef.current
    if (!log) return
    const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < FOLLOW_SLACK
    following.current = atEnd
    if (atEnd) setShowJump(false)
  }

  // New or updated events: follow them, or offer a jump when the user is reading above.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the events change
  useLayoutEffect(() => {
    if (following.current) scrollToEnd()
    else setShowJump(true)
  }, [events, scrollToEnd])

  // The log resizes with the window (and an on-screen keyboard): keep the end in view.
  useEffect(() => {
    const log = logRef.current
    if (!log) return
    const observer = new ResizeObserver(() => {
      if (following.current) scrollToEnd()
    })
    observer.observe(log)
    return () => observer.disconnect()
  }, [scrollToEnd])

  useCardCover(logRef, () => {
    if (following.current) scrollToEnd()
  })

  const lastRunning = events.findLast(
    (event) => event.kind === 'tool' && event.status === 'running',
  )

  return (
    <div className="transcript">
      <div
        ref={logRef}
        className="log"
        role="log"
        aria-label="Conversation"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be reachable by keyboard
        tabIndex={0}
        onScroll={onScroll}
      >
        <div className="log-inner">
          {events.length === 0
            ? empty
            : events.map((event) =>
                event.kind === 'message' ? (
                  <Message key={event.id} event={event} />
                ) : (
                  <ToolRow
                    key={event.id}
                    event={event}
                    onStop={event === lastRunning ? onStop : undefined}
                    stopping={stopping}
                    questionLink={questionLinkOf?.(event)}
                  />
                ),
              )}
        </div>
      </div>
      {showJump && (
        <button
          type="button"
          className="jump"
          onClick={() => {
            following.current = true
            setShowJump(false)
            scrollToEnd(true)
          }}
        >
          <ArrowDownIcon />
          Jump to latest
        </button>
      )}
    </div>
  )
}
