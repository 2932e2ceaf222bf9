import { createElement, Fragment, type ReactNode } from 'react'
import { type Block, type Inline, parseMarkdown } from './parse.ts'

const HEADINGS = ['h3', 'h4', 'h5', 'h6', 'h6', 'h6'] as const

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
      return node.text
    case 'code':
      return <code>{node.text}</code>
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

function renderBlocks(blocks: Block[]): ReactNode {
  return sequence(blocks.map(blockNode))
}

function listItem(item: Block[]): ReactNode {
  return <li>{renderItem(item)}</li>
}

function blockNode(block: Block): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return <p>{renderInline(block.children)}</p>
    case 'heading': {
      const Tag = HEADINGS[block.level - 1] ?? 'h6'
      return <Tag>{renderInline(block.children)}</Tag>
    }
    case 'code':
      return (
        <pre data-lang={block.lang || undefined}>
          <code>{block.text}</code>
        </pre>
      )
    case 'quote':
      return <blockquote>{renderBlocks(block.children)}</blockquote>
    case 'rule':
      return <hr />
    case 'list': {
      const items = sequence(block.items.map(listItem))
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
function renderItem(item: Block[]): ReactNode {
  const [only] = item
  return item.length === 1 && only?.type === 'paragraph'
    ? renderInline(only.children)
    : renderBlocks(item)
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
  return renderBlocks(parseMarkdown(source))
}
