import { indexDocument, parseMarkdown } from './parse.ts'
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
}

/**
 * Renders CommonMark with GitHub's tables, task lists, strikethrough and
 * literal autolinks as React elements. Links
 * survive only for absolute http, https and mailto URLs and open in a new tab
 * with `rel="noopener noreferrer"`; images are never loaded (they show as
 * links named by their alt text, or as the alt text); raw HTML shows as text.
 */
export default function Markdown({ source }: MarkdownProps) {
  const root = parseMarkdown(source)
  const index = indexDocument(root)
  const context: RenderContext = { index, headings: headingTags(index.headingDepths), depth: 0 }
  return renderChildren(root.children, context, true)
}
