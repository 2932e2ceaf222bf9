/**
 * The agent's light formatting: **bold** and `code`, rendered as React
 * elements (never as HTML). Everything else is plain text; line breaks keep.
 */
import { displayText } from '@parley/react'
import type { ReactNode } from 'react'

const TOKEN = /(\*\*[^*\n]+\*\*|`[^`\n]+`)/g

export function RichText({ text: raw }: { text: string }) {
  // Bidi controls could reorder what the agent's text shows: drop them first.
  const text = displayText(raw)
  const nodes: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0]
    const at = match.index
    if (at > last) nodes.push(text.slice(last, at))
    nodes.push(
      token.startsWith('**') ? (
        <strong key={at}>{token.slice(2, -2)}</strong>
      ) : (
        <code key={at}>{token.slice(1, -1)}</code>
      ),
    )
    last = at + token.length
  }
  if (last < text.length) nodes.push(text.slice(last))
  return <>{nodes}</>
}
