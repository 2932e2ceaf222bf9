/**
 * The mdast tree as React elements: one switch over every node type. No HTML
 * string is produced anywhere; raw HTML in the source renders as its text.
 */
import type { List, ListItem, Nodes, RootContent, Table, TableRow } from 'mdast'
import { createElement, Fragment, type ReactNode } from 'react'
import { displayText } from '../text/display-text.ts'
import { link, picture } from './links.tsx'
import type { DocumentIndex } from './parse.ts'

/** Where the source's headings land: they continue the card's outline. */
export type HeadingTag = 'h3' | 'h4' | 'h5' | 'h6'

export interface RenderContext {
  index: DocumentIndex
  headings: Map<number, HeadingTag>
  /** How many containers deep the nodes being rendered are. */
  depth: number
}

/** Deeper than this, content renders as plain text (no runaway recursion). */
const MAX_DEPTH = 40

/** Children passed as arguments need no keys: their position is their identity. */
function sequence(nodes: ReactNode[]): ReactNode {
  return createElement(Fragment, null, ...nodes)
}

/** The text a subtree shows, without its structure. */
function plainText(nodes: readonly Nodes[]): string {
  let text = ''
  const pending = [...nodes].reverse()
  for (let node = pending.pop(); node; node = pending.pop()) {
    if ('value' in node) text += node.value
    else if (node.type === 'image' || node.type === 'imageReference') text += node.alt ?? ''
    if ('children' in node) pending.push(...[...node.children].reverse())
  }
  return text
}

/** Renders phrasing content, or blocks when `flow` (where raw HTML is a block too). */
export function renderChildren(
  nodes: readonly RootContent[],
  context: RenderContext,
  flow = false,
): ReactNode {
  if (context.depth >= MAX_DEPTH) return displayText(plainText(nodes))
  const inner = { ...context, depth: context.depth + 1 }
  return sequence(
    nodes.map((node) =>
      flow && node.type === 'html' ? rawHtmlBlock(node.value) : renderNode(node, inner),
    ),
  )
}

/** A block of raw HTML shows as its source text, line breaks kept. */
function rawHtmlBlock(value: string): ReactNode {
  return (
    <p dir="auto" data-raw-html="">
      {displayText(value)}
    </p>
  )
}

/** Compile-time exhaustiveness; at run time an unknown node renders nothing. */
function unreachable(_node: never): ReactNode {
  return null
}

function renderNode(node: RootContent, context: RenderContext): ReactNode {
  const children = (flow = false) =>
    'children' in node ? renderChildren(node.children, context, flow) : null
  switch (node.type) {
    case 'paragraph':
      return paragraph(children())
    case 'heading': {
      const Tag = context.headings.get(node.depth) ?? 'h6'
      return <Tag dir="auto">{children()}</Tag>
    }
    case 'blockquote':
      return <blockquote>{children(true)}</blockquote>
    case 'list':
      return list(node, context)
    case 'listItem':
      return listItem(node, true, context)
    case 'table':
      return table(node, context)
    case 'tableRow':
      return tableRow(node, 'td', [], context)
    case 'tableCell':
      return <td dir="auto">{children()}</td>
    case 'code':
      return (
        <pre data-lang={node.lang ?? undefined}>
          <code>{displayText(node.value)}</code>
        </pre>
      )
    case 'thematicBreak':
      return <hr />
    case 'text':
    case 'html':
      return displayText(node.value)
    case 'emphasis':
      return <em>{children()}</em>
    case 'strong':
      return <strong>{children()}</strong>
    case 'delete':
      return <del>{children()}</del>
    case 'inlineCode':
      return <code>{displayText(node.value)}</code>
    case 'break':
      return <br />
    case 'link':
      return link(node.url, node.title, node.children.length > 0 ? children() : null)
    case 'linkReference': {
      const definition = context.index.definitions.get(node.identifier)
      const content = node.children.length > 0 ? children() : null
      return definition ? link(definition.url, definition.title, content) : content
    }
    case 'image':
      return picture(node.url, node.title, node.alt)
    case 'imageReference': {
      const definition = context.index.definitions.get(node.identifier)
      return definition ? picture(definition.url, definition.title, node.alt) : node.alt
    }
    // Not parsed (no footnote extension); kept for exhaustiveness.
    case 'footnoteReference':
      return displayText(`[^${node.label ?? node.identifier}]`)
    case 'definition':
    case 'footnoteDefinition':
    case 'yaml':
      return null
    default:
      return unreachable(node)
  }
}

function paragraph(content: ReactNode): ReactNode {
  return <p dir="auto">{content}</p>
}

function list(node: List, context: RenderContext): ReactNode {
  const loose = node.spread === true || node.children.some((item) => item.spread === true)
  const items = sequence(node.children.map((item) => listItem(item, loose, context)))
  if (!node.ordered) return <ul>{items}</ul>
  const start = node.start ?? 1
  return <ol start={start === 1 ? undefined : start}>{items}</ol>
}

/** A checkbox nobody can tick, named by the item's first paragraph. */
function checkbox(checked: boolean, label: ReactNode): ReactNode {
  return (
    <label>
      <input type="checkbox" disabled checked={checked} /> {label}
    </label>
  )
}

/**
 * A list item. In a tight list its paragraphs render without `<p>`; a task
 * item's first paragraph becomes the label of a disabled checkbox.
 */
function listItem(item: ListItem, loose: boolean, context: RenderContext): ReactNode {
  const checked = typeof item.checked === 'boolean' ? item.checked : null
  const inner = { ...context, depth: context.depth + 1 }
  const content = item.children.map((child, position) => {
    if (child.type !== 'paragraph') return renderChildren([child], inner, true)
    const text = renderChildren(child.children, inner)
    const labelled = checked !== null && position === 0 ? checkbox(checked, text) : text
    return loose ? paragraph(labelled) : labelled
  })
  const unlabelled = checked !== null && item.children[0]?.type !== 'paragraph'
  return (
    <li dir="auto" data-task={checked === null ? undefined : checked ? 'done' : 'open'}>
      {unlabelled ? (checked ? '☑ ' : '☐ ') : null}
      {sequence(content)}
    </li>
  )
}

function tableCell(
  Cell: 'th' | 'td',
  align: 'left' | 'right' | 'center' | null,
  content: ReactNode,
): ReactNode {
  return (
    <Cell dir="auto" align={align ?? undefined}>
      {content}
    </Cell>
  )
}

function tableRow(
  row: TableRow,
  Cell: 'th' | 'td',
  align: Table['align'],
  context: RenderContext,
): ReactNode {
  const cells = row.children.map((cell, column) =>
    tableCell(Cell, align?.[column] ?? null, renderChildren(cell.children, context)),
  )
  return <tr>{sequence(cells)}</tr>
}

/** A table scrolls sideways in its own box, which the keyboard can reach. */
function table(node: Table, context: RenderContext): ReactNode {
  const inner = { ...context, depth: context.depth + 1 }
  const [head, ...body] = node.children
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard (WCAG 2.1.1)
    <div data-table-scroll="" tabIndex={0}>
      <table>
        {head ? <thead>{tableRow(head, 'th', node.align, inner)}</thead> : null}
        {body.length > 0 ? (
          <tbody>{sequence(body.map((row) => tableRow(row, 'td', node.align, inner)))}</tbody>
        ) : null}
      </table>
    </div>
  )
}
