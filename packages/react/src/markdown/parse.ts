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

/**
 * Input no agent writes by accident, on which parsing turns slow or recursion
 * runs deep: a line whose container prefix (quote and list markers, indent)
 * is very long, or a very long run of emphasis delimiters.
 */
const PATHOLOGICAL = /^(?:[ \t>]|(?:[-+*]|\d{1,9}[.)])(?=[ \t])){128}|[*_~]{256}/m

/** The source as plain paragraphs (blank-line separated), for input not worth parsing. */
function plainDocument(source: string): Root {
  const paragraphs = source.split(/\n[ \t]*\n/).filter((text) => text.trim() !== '')
  return {
    type: 'root',
    children: paragraphs.map((value) => ({
      type: 'paragraph',
      children: [{ type: 'text', value }],
    })),
  }
}

/**
 * Parses Markdown source into an mdast tree. Never throws: pathological input
 * (see above), or anything the parser fails on, comes back as plain text.
 */
export function parseMarkdown(source: string): Root {
  if (PATHOLOGICAL.test(source)) return plainDocument(source)
  try {
    return parseGfm(source)
  } catch {
    return plainDocument(source)
  }
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
export function indexDocument(root: Root): DocumentIndex {
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
