/**
 * A deliberately tiny Markdown subset for question details. It produces data,
 * never HTML: the renderer turns nodes into React elements, so raw HTML in the
 * source is shown as text.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'del'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' }

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: number; children: Inline[] }
  | { type: 'code'; text: string; lang: string }
  | { type: 'quote'; children: Block[] }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'rule' }

const MAX_DEPTH = 6
const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)/
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?\s*#*\s*$/
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/
const QUOTE = /^ {0,3}> ?(.*)$/
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])\s+(.*)$/
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])

/**
 * The URL if it is an absolute http, https or mailto URL; otherwise null.
 * Parsing (rather than matching a prefix) defeats `java\tscript:` and friends.
 */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw.trim())
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null
  } catch {
    return null
  }
}

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || QUOTE.test(line) || ITEM.test(line)
}

/** Parses Markdown source into blocks. Never throws. */
export function parseMarkdown(source: string, depth = 0): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n')
  const blocks: Block[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i] ?? ''
    if (line.trim() === '') {
      i++
      continue
    }
    const fence = FENCE.exec(line)
    if (fence) {
      const marker = fence[1] ?? '```'
      const body: string[] = []
      i++
      while (i < lines.length && !(lines[i] ?? '').trimStart().startsWith(marker)) {
        body.push(lines[i] ?? '')
        i++
      }
      i++
      blocks.push({ type: 'code', text: body.join('\n'), lang: fence[2] ?? '' })
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      blocks.push({
        type: 'heading',
        level: heading[1]?.length ?? 1,
        children: parseInline(heading[2] ?? '', depth),
      })
      i++
      continue
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' })
      i++
      continue
    }
    if (QUOTE.test(line)) {
      const body: string[] = []
      while (i < lines.length && QUOTE.test(lines[i] ?? '')) {
        body.push(QUOTE.exec(lines[i] ?? '')?.[1] ?? '')
        i++
      }
      const text = body.join('\n')
      blocks.push(
        depth < MAX_DEPTH
          ? { type: 'quote', children: parseMarkdown(text, depth + 1) }
          : { type: 'paragraph', children: [{ type: 'text', text }] },
      )
      continue
    }
    const item = ITEM.exec(line)
    if (item) {
      i = parseList(lines, i, depth, blocks)
      continue
    }
    const body: string[] = [line]
    i++
    while (i < lines.length && (lines[i] ?? '').trim() !== '' && !startsBlock(lines[i] ?? '')) {
      body.push(lines[i] ?? '')
      i++
    }
    blocks.push({ type: 'paragraph', children: parseInline(body.join('\n'), depth) })
  }
  return blocks
}

function parseList(lines: string[], from: number, depth: number, out: Block[]): number {
  const first = ITEM.exec(lines[from] ?? '')
  const ordered = /\d/.test(first?.[2] ?? '')
  const start = ordered ? Number.parseInt(first?.[2] ?? '1', 10) : 1
  const items: string[][] = []
  let i = from
  while (i < lines.length) {
    const line = lines[i] ?? ''
    const item = ITEM.exec(line)
    if (item && /\d/.test(item[2] ?? '') === ordered) {
      items.push([item[3] ?? ''])
      i++
      continue
    }
    const current = items[items.length - 1]
    if (current && line.trim() !== '' && /^\s{2,}/.test(line)) {
      current.push(line.replace(/^\s{2,4}/, ''))
      i++
      continue
    }
    if (current && line.trim() === '' && /^\s{2,}\S/.test(lines[i + 1] ?? '')) {
      current.push('')
      i++
      continue
    }
    break
  }
  out.push({
    type: 'list',
    ordered,
    start,
    items: items.map((body) =>
      depth < MAX_DEPTH
        ? parseMarkdown(body.join('\n'), depth + 1)
        : [{ type: 'paragraph', children: [{ type: 'text', text: body.join('\n') }] }],
    ),
  })
  return i
}

const ESCAPABLE = /[\\`*_{}[\]()#+\-.!>~|<]/

function findClosing(text: string, delimiter: string, from: number): number {
  let i = from
  while (i < text.length) {
    if (text[i] === '\\') {
      i += 2
      continue
    }
    if (text.startsWith(delimiter, i) && i > from && text[i - 1] !== ' ') return i
    i++
  }
  return -1
}

function findBracketEnd(text: string, from: number): number {
  let level = 0
  for (let i = from; i < text.length; i++) {
    const c = text[i]
    if (c === '\\') i++
    else if (c === '[') level++
    else if (c === ']' && --level === 0) return i
  }
  return -1
}

/** Parses inline Markdown (emphasis, strong, code, links) into nodes. */
export function parseInline(text: string, depth = 0): Inline[] {
  const out: Inline[] = []
  let buffer = ''
  const flush = () => {
    if (buffer) out.push({ type: 'text', text: buffer })
    buffer = ''
  }
  const nested = (inner: string): Inline[] =>
    depth < MAX_DEPTH ? parseInline(inner, depth + 1) : [{ type: 'text', text: inner }]
  let i = 0
  while (i < text.length) {
    const c = text[i] ?? ''
    const rest = text.slice(i)
    if (c === '\\' && ESCAPABLE.test(text[i + 1] ?? '')) {
      buffer += text[i + 1]
      i += 2
      continue
    }
    if (c === '\\' && text[i + 1] === '\n') {
      flush()
      out.push({ type: 'break' })
      i += 2
      continue
    }
    if (c === '\n') {
      if (buffer.endsWith('  ')) {
        buffer = buffer.trimEnd()
        flush()
        out.push({ type: 'break' })
      } else buffer += ' '
      i++
      continue
    }
    if (c === '`') {
      const run = /^`+/.exec(rest)?.[0] ?? '`'
      const end = text.indexOf(run, i + run.length)
      if (end > 0) {
        flush()
        out.push({ type: 'code', text: text.slice(i + run.length, end).trim() || ' ' })
        i = end + run.length
        continue
      }
      buffer += run
      i += run.length
      continue
    }
    const isImage = c === '!' && text[i + 1] === '['
    if (c === '[' || isImage) {
      const open = isImage ? i + 1 : i
      const close = findBracketEnd(text, open)
      const target =
        close > 0 ? /^\(\s*<?([^\s()<>]*)>?(?:\s+"[^"]*")?\s*\)/.exec(text.slice(close + 1)) : null
      if (close > 0 && target) {
        flush()
        const label = text.slice(open + 1, close)
        const href = safeHref(target[1] ?? '')
        const children: Inline[] = isImage
          ? [{ type: 'text', text: label || (href ?? '') }]
          : nested(label)
        if (href) out.push({ type: 'link', href, children })
        else out.push(...children)
        i = close + 1 + target[0].length
        continue
      }
    }
    const autolink = c === '<' ? /^<((?:https?|mailto):[^\s<>]+)>/i.exec(rest) : null
    if (autolink) {
      const href = safeHref(autolink[1] ?? '')
      flush()
      out.push(
        href
          ? { type: 'link', href, children: [{ type: 'text', text: autolink[1] ?? '' }] }
          : { type: 'text', text: autolink[0] },
      )
      i += autolink[0].length
      continue
    }
    const double = rest.startsWith('**')
      ? '**'
      : rest.startsWith('__')
        ? '__'
        : rest.startsWith('~~')
          ? '~~'
          : null
    if (double && text[i + 2] !== ' ') {
      const end = findClosing(text, double, i + 2)
      if (end > 0) {
        flush()
        const children = nested(text.slice(i + 2, end))
        out.push(double === '~~' ? { type: 'del', children } : { type: 'strong', children })
        i = end + 2
        continue
      }
    }
    const intraword = c === '_' && /\w/.test(text[i - 1] ?? '')
    if ((c === '*' || c === '_') && !intraword && text[i + 1] !== ' ' && text[i + 1] !== c) {
      const end = findClosing(text, c, i + 1)
      if (end > 0 && !(c === '_' && /\w/.test(text[end + 1] ?? ''))) {
        flush()
        out.push({ type: 'em', children: nested(text.slice(i + 1, end)) })
        i = end + 1
        continue
      }
    }
    buffer += c
    i++
  }
  flush()
  return out
}
