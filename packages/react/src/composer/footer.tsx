import { part } from '@parley/machine'
import type { ReactNode } from 'react'
import { useStore } from 'zustand'
import { useComposerContext } from './context.ts'
import { ChevronLeft, ChevronRight } from './icons.tsx'
import { Navigation } from './navigation.tsx'
import { useApiValue, usePart, useParts, useStaticApi, useStaticPart } from './use-part.ts'

/** The collapsible body; hidden (not unmounted) while minimized. */
export function Body({ children }: { children?: ReactNode }) {
  return <div {...usePart((api) => api.getBodyProps())}>{children}</div>
}

/** Footer row: navigation on one side, Skip and the primary button on the other. */
export function Footer({ children }: { children?: ReactNode }) {
  const minimized = useApiValue((api) => api.minimized)
  if (minimized) return null
  return (
    <div {...part('footer')}>
      {children ?? (
        <>
          <Navigation>
            <Pager />
            <Progress />
          </Navigation>
          <div {...part('actions')}>
            <Skip />
            <Submit />
          </div>
        </>
      )}
    </div>
  )
}

/** Previous / next with `i / n`. Renders nothing for a single question. */
export function Pager() {
  const view = useApiValue((api) => (api.total > 1 ? api.pagerText : null))
  const previous = usePart((api) => api.getPreviousProps())
  const next = usePart((api) => api.getNextProps())
  if (view === null) return null
  return (
    <div {...part('pager')}>
      <button {...previous}>
        <ChevronLeft />
      </button>
      <span {...part('pager-position')}>{view}</span>
      <button {...next}>
        <ChevronRight />
      </button>
    </div>
  )
}

/** One marker per question (answered / skipped / open); each jumps to its question. */
export function Progress() {
  const markers = useParts((api) => api.getMarkersProps())
  const props = usePart((api) => api.getProgressProps())
  if (markers.length <= 1) return null
  return (
    <ol {...props}>
      {markers.map((marker, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one marker per question position
        <li key={at}>
          <button {...marker} />
        </li>
      ))}
    </ol>
  )
}

/** Skips the question on screen (on the last one, submits). */
export function Skip() {
  const { labels } = useStaticApi()
  return <button {...usePart((api) => api.getSkipProps())}>{labels.skip}</button>
}

/** The primary button: Next, Submit, Try again, or Submitting… while busy. */
export function Submit() {
  const label = useApiValue((api) => api.primaryLabel)
  return <button {...usePart((api) => api.getSubmitProps())}>{label}</button>
}

/** `role="status"`: validation feedback, transport errors, "sent" and the outcome. */
export function Status() {
  const text = useApiValue((api) => api.status.text)
  return <div {...usePart((api) => api.getStatusProps())}>{text}</div>
}

/** Visually hidden polite live region announcing the question position. */
export function Announcer() {
  const ctx = useComposerContext()
  const announcement = useStore(ctx.ui, (ui) => ui.announcement)
  const api = useStaticApi()
  const text = api.announcement(announcement?.message)
  return (
    <div {...useStaticPart((api) => api.getAnnouncerProps())}>
      {text ? <span key={announcement?.n}>{text}</span> : null}
    </div>
  )
}
