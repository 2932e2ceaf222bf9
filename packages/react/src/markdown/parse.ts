/**
 * Markdown source to a syntax tree (mdast): CommonMark plus GitHub's tables,
 * task lists, strikethrough and literal autolinks. GFM footnotes are left out
 * (their parser alone would take the chunk over its 25 kB budget), so
 * `[^1]` stays CommonMark. The tree is data, never HTML: the renderer turns
 * nodes into React elements, so raw HTML can only ever show as text.
 */
import type { Definition, Nodes, Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal'
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough'
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table'
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item'
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal'
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough'
import { gfmTable } from 'micromark-extension-gfm-table'
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item'
import { markdownEnd } from './limits.ts'

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])
/** What a URL in Markdown may hold as written; the rest is percent-encoded first. */
const NEEDS_ENCODING = /[^\w!#$&'()*+,\-./:;=?@~%]|%(?![\da-fA-F]{2})/gu

/**
 * The URL if it is an absolute http, https or mailto URL; otherwise null.
 * Parsing (rather than matching a prefix) defeats `java\tscript:` and friends.
 * Characters are percent-encoded before parsing, as CommonMark renders them,
 * so a `\` stays a backslash rather than becoming a `/`.
 */
export function safeHref(raw: string): string | null {
  try {
    const encoded = raw.trim().replace(NEEDS_ENCODING, (character) => encodeURIComponent(character))
    const url = new URL(encoded)
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null
  } catch {
    return null
  }
}

/** The source as plain paragraphs (blank-line separated), for input the parser failed on. */
function plainDocument(source: string): Root {
  return {
    type: 'root',
    children: plainParagraphs(source).map((value) => ({
      type: 'paragraph',
      children: [{ type: 'text', value }],
    })),
  }
}

/** The blank-line separated paragraphs of `text`, empty ones left out. */
export function plainParagraphs(text: string): string[] {
  return text.split(/\n[ \t]*\n/).filter((paragraph) => paragraph.trim() !== '')
}

/**
 * Parses Markdown source into an mdast tree. Never throws: anything the
 * parser fails on comes back as plain text. Bound the source first
 * (`parseDetail` does): past `MARKDOWN_LIMITS` the parser's cost grows with
 * the square of the nesting.
 */
export function parseMarkdown(source: string): Root {
  try {
    return parseGfm(source)
  } catch {
    return plainDocument(source)
  }
}

/** A detail as the renderer shows it: the Markdown within the limits, and the rest. */
export interface ParsedDetail {
  root: Root
  index: DocumentIndex
  /** The text past the limits (shown as plain text after a notice), or `''`. */
  rest: string
}

/** The last details parsed, by source: a card that renders again, or again later, parses nothing. */
const parsed = new Map<string, ParsedDetail>()
const CACHED = 16

/** Parses the part of `source` within `MARKDOWN_LIMITS`; the same source is parsed once. */
export function parseDetail(source: string): ParsedDetail {
  const cached = parsed.get(source)
  if (cached) return cached
  const end = markdownEnd(source)
  const root = parseMarkdown(source.slice(0, end))
  const detail = { root, index: indexDocument(root), rest: source.slice(end) }
  if (parsed.size >= CACHED) parsed.delete(parsed.keys().next().value ?? '')
  parsed.set(source, detail)
  return detail
}

function parseGfm(source: string): Root {
  return fromMarkdown(source, {
    extensions: [gfmAutolinkLiteral(), gfmStrikethrough(), gfmTable(), gfmTaskListItem()],
    mdastExtensions: [
      gfmAutolinkLiteralFromMarkdown(),
      gfmStrikethroughFromMarkdown(),
      gfmTableFromMarkdown(),
      gfmTaskListItemFromMarkdown(),
    ],
  })
}

/** What the renderer needs to know about the whole document up front. */
export interface DocumentIndex {
  /** Link reference definitions by identifier; the first one wins. */
  definitions: Map<string, Definition>
  /** Heading depths the source uses (1–6). */
  headingDepths: Set<number>
}

function hasChildren(node: Nodes): node is Extract<Nodes, { children: unknown }> {
  return 'children' in node
}

/** Walks the tree once, in document order, collecting what rendering needs. */
function indexDocument(root: Root): DocumentIndex {
  const index: DocumentIndex = {
    definitions: new Map(),
    headingDepths: new Set(),
  }
  const pending: Nodes[] = [root]
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === 'heading') index.headingDepths.add(node.depth)
    if (node.type === 'definition' && !index.definitions.has(node.identifier))
      index.definitions.set(node.identifier, node)
    // Children go on the stack last first, so they come off in document order.
    if (hasChildren(node)) pending.push(...[...node.children].reverse())
  }
  return index
}
