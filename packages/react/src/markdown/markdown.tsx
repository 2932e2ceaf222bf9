import { createElement, Fragment, lazy, Suspense, useMemo, useRef, useState } from 'react'
import type { ReactPartProps } from '../composer/normalize-props.ts'
import type { ComposerMessages } from '../locales/index.ts'
import { displayText } from '../text/display-text.ts'
import { parseDetail, plainParagraphs } from './parse.ts'
import { type HeadingTag, type RenderContext, renderChildren } from './render.tsx'

const HEADINGS: readonly HeadingTag[] = ['h3', 'h4', 'h5', 'h6']

/**
 * Maps the source's heading depths onto h3…h6 by rank, so the detail's
 * headings continue the composer's outline (its title is an h2) without
 * skipping a level, whatever depths the source used.
 */
function headingTags(depths: Set<number>): Map<number, HeadingTag> {
  const ranked = [...depths].sort((a, b) => a - b)
  return new Map(
    ranked.map((depth, rank) => [depth, HEADINGS[Math.min(rank, HEADINGS.length - 1)] ?? 'h6']),
  )
}

/** Props of the Markdown renderer. */
export interface MarkdownProps {
  /** Markdown source; raw HTML in it is shown as text. */
  source: string
  /** The notice before text past the Markdown limits, which shows as plain text (`detailShortened`). */
  shortened: string
}

/** Text past the limits: a notice, then every paragraph as written (line breaks kept). */
function plainRest(rest: string, notice: string) {
  // Passed as arguments, so their position is their identity: no keys.
  const paragraphs = plainParagraphs(rest).map((text) =>
    createElement('p', { dir: 'auto', 'data-plain': '' }, displayText(text)),
  )
  return createElement(
    Fragment,
    null,
    <p role="note" data-shortened="">
      {notice}
    </p>,
    ...paragraphs,
  )
}

/**
 * Renders CommonMark with GitHub's tables, task lists, strikethrough and
 * literal autolinks as React elements. Links
 * survive only for absolute http, https and mailto URLs and open in a new tab
 * with `rel="noopener noreferrer"`; images are never loaded (they show as
 * links named by their alt text, or as the alt text); raw HTML shows as text.
 * Past `MARKDOWN_LIMITS` (limits.ts) the rest of the source shows as plain
 * text after the `shortened` notice. A source is parsed once, however often
 * the card renders.
 */
export default function Markdown({ source, shortened }: MarkdownProps) {
  return useMemo(() => {
    const { root, index, rest } = parseDetail(source)
    const context: RenderContext = { index, headings: headingTags(index.headingDepths), depth: 0 }
    const markdown = renderChildren(root.children, context, true)
    return rest ? createElement(Fragment, null, markdown, plainRest(rest, shortened)) : markdown
  }, [source, shortened])
}

type MoreModule = typeof import('../composer/detail-more.tsx')
let more: MoreModule | undefined
const loadMore = () => import('../composer/detail-more.tsx').then((module) => (more = module))
const LazyMore = lazy(loadMore)
// Asked for as soon as this chunk is, so the button is there when a long detail first shows.
loadMore().catch(() => {})

/**
 * The detail as a card shows it: its Markdown in the detail's box, followed
 * by a "Show more" button when the content is taller than the box (a small
 * chunk of its own).
 */
export function DetailBox({
  source,
  props,
  messages,
}: {
  source: string
  props: ReactPartProps
  messages: ComposerMessages
}) {
  const box = useRef<HTMLDivElement>(null)
  // The loaded type if its chunk is here at mount, else the lazy one (a lazy component
  // suspends on its first render even when loaded), kept for the instance's life: a type
  // that changed on a later render would remount the view and lose its state.
  const [DetailMore] = useState(() => more?.default ?? LazyMore)
  return (
    <>
      <div {...props} ref={box}>
        <Markdown source={source} shortened={messages.detailShortened} />
      </div>
      <Suspense fallback={null}>
        <DetailMore box={box} messages={messages} />
      </Suspense>
    </>
  )
}
