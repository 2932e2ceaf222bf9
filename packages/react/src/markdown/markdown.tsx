import { createElement, Fragment, type ReactNode } from 'react'
import { displayText } from '../text/display-text.ts'
import { type Block, type Inline, parseMarkdown } from './parse.ts'

const HEADINGS = ['h3', 'h4', 'h5', 'h6'] as const
type HeadingTag = (typeof HEADINGS)[number]

/** The heading levels used in the source, deepest last. */
function headingLevels(blocks: Block[], into = new Set<number>()): Set<number> {
  for (const block of blocks) {
    if (block.type === 'heading') into.add(block.level)
    else if (block.type === 'quote') headingLevels(block.children, into)
    else if (block.type === 'list') for (const item of block.items) headingLevels(item, into)
  }
  return into
}

/**
 * Maps the source's heading levels onto h3…h6 by rank, so the detail's
 * headings continue the composer's outline (its title is an h2) without
 * skipping a level, whatever levels the source used.
 */
function headingTags(blocks: Block[]): Map<number, HeadingTag> {
  const ranked = [...headingLevels(blocks)].sort((a, b) => a - b)
  return new Map(
    ranked.map((level, rank) => [level, HEADINGS[Math.min(rank, HEADINGS.length - 1)] ?? 'h6']),
  )
}

type Tags = Map<number, HeadingTag>

/** Children passed as arguments need no keys: their position is their identity. */
function sequence(nodes: ReactNode[]): ReactNode {
  return createElement(Fragment, null, ...nodes)
}

function renderInline(nodes: Inline[]): ReactNode {
  return sequence(nodes.map(inlineNode))
}

function inlineNode(node: Inline): ReactNode {
  switch (node.type) {
    case 'text':
      return displayText(node.text)
    case 'code':
      return <code>{displayText(node.text)}</code>
    case 'strong':
      return <strong>{renderInline(node.children)}</strong>
    case 'em':
      return <em>{renderInline(node.children)}</em>
    case 'del':
      return <del>{renderInline(node.children)}</del>
    case 'break':
      return <br />
    case 'link':
      return (
        <a href={node.href} target="_blank" rel="noopener noreferrer">
          {renderInline(node.children)}
        </a>
      )
  }
  return null
}

function renderBlocks(blocks: Block[], tags: Tags): ReactNode {
  return sequence(blocks.map((block) => blockNode(block, tags)))
}

function listItem(item: Block[], tags: Tags): ReactNode {
  return <li dir="auto">{renderItem(item, tags)}</li>
}

function blockNode(block: Block, tags: Tags): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return <p dir="auto">{renderInline(block.children)}</p>
    case 'heading': {
      const Tag = tags.get(block.level) ?? 'h6'
      return <Tag dir="auto">{renderInline(block.children)}</Tag>
    }
    case 'code':
      return (
        <pre data-lang={block.lang || undefined}>
          <code>{displayText(block.text)}</code>
        </pre>
      )
    case 'quote':
      return <blockquote>{renderBlocks(block.children, tags)}</blockquote>
    case 'rule':
      return <hr />
    case 'list': {
      const items = sequence(block.items.map((item) => listItem(item, tags)))
      return block.ordered ? (
        <ol start={block.start === 1 ? undefined : block.start}>{items}</ol>
      ) : (
        <ul>{items}</ul>
      )
    }
  }
  return null
}

/** A list item that is a single paragraph renders without the `<p>`. */
function renderItem(item: Block[], tags: Tags): ReactNode {
  const [only] = item
  return item.length === 1 && only?.type === 'paragraph'
    ? renderInline(only.children)
    : renderBlocks(item, tags)
}

/** Props of the Markdown renderer. */
export interface MarkdownProps {
  /** Markdown source; raw HTML in it is shown as text. */
  source: string
}

/**
 * Renders a safe Markdown subset: paragraphs, emphasis, strong, inline code,
 * code blocks, lists, headings, links (http, https, mailto only; opened in a
 * new tab with `rel="noopener noreferrer"`), blockquotes. Images are shown as
 * links or their alt text; nothing remote is loaded.
 */
export default function Markdown({ source }: MarkdownProps) {
  const blocks = parseMarkdown(source)
  return renderBlocks(blocks, headingTags(blocks))
}
