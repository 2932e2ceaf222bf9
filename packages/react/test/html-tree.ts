/**
 * HTML to a small normalized tree, so the renderer's output and the
 * CommonMark spec's expected HTML can be compared by structure rather than
 * by bytes. Both sides go through the same rules; the rules that exist only
 * to absorb the renderer's deliberate differences are marked "deliberate".
 */
import { safeHref } from '../src/markdown/parse.ts'

type TreeNode = string | TreeElement
export interface TreeElement {
  tag: string
  attrs: Record<string, string>
  children: TreeNode[]
}

/** Attributes that carry meaning, per element; everything else is dropped. */
const KEPT: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  ol: ['start'],
  pre: ['data-lang'],
  th: ['align'],
  td: ['align'],
  input: ['type', 'checked', 'disabled'],
}

/** Elements whose whitespace-only text between children means nothing. */
const CONTAINERS = new Set([
  '#root',
  'ul',
  'ol',
  'li',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
])
const BLOCKS = new Set([...CONTAINERS, 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'th', 'td'])
/** Elements that break the line: space next to them is never rendered. */
const BREAKS = new Set([...BLOCKS, 'br', 'pre', 'hr'])
const WHITESPACE = /[ \t\n\r\f]+/g

function decoded(href: string): string {
  try {
    return decodeURI(href)
  } catch {
    return href
  }
}

/** A URL as both sides can agree on it: parsed, then percent-decoded. */
function canonicalHref(href: string): string {
  return decoded(safeHref(href) ?? href)
}

function parse(html: string): Node {
  const template = document.createElement('template')
  template.innerHTML = html
  return template.content
}

function attributes(element: Element): Record<string, string> {
  const attrs: Record<string, string> = {}
  for (const name of KEPT[element.localName] ?? []) {
    const value = element.getAttribute(name)
    if (value !== null) attrs[name] = name === 'href' ? canonicalHref(value) : value
  }
  return attrs
}

/** The spec's `<code class="language-x">` is the renderer's `<pre data-lang="x">`. */
function codeLanguage(element: Element): string | null {
  const code = element.localName === 'pre' ? element.firstElementChild : null
  const language = code?.getAttribute('class')?.match(/(?:^|\s)language-(\S+)/)?.[1]
  return language ?? element.getAttribute('data-lang')
}

/** Deliberate: an image is a link named by its alt text, or the alt text alone. */
function image(element: Element): TreeNode[] {
  const src = element.getAttribute('src') ?? ''
  const alt = element.getAttribute('alt') ?? ''
  if (safeHref(src) === null) return alt ? [alt] : []
  const attrs: Record<string, string> = { href: canonicalHref(src) }
  const title = element.getAttribute('title')
  if (title) attrs.title = title
  return [{ tag: 'a', attrs, children: [alt || decoded(src)] }]
}

function convert(node: Node): TreeNode[] {
  if (node.nodeType === Node.TEXT_NODE) return [node.textContent ?? '']
  if (!(node instanceof Element)) return []
  const tag = node.localName
  const children = () => [...node.childNodes].flatMap(convert)
  if (tag === 'img') return image(node)
  // Deliberate: the table's scrolling box and a task item's label are wrappers.
  if (node.hasAttribute('data-table-scroll') || tag === 'label') return children()
  if (tag === 'a') {
    const href = node.getAttribute('href') ?? ''
    // Deliberate: a link to a URL that is not allowed is just its content.
    if (safeHref(href) === null) return children()
    const content = children()
    // Deliberate: a link with no content shows its URL.
    return [{ tag, attrs: attributes(node), children: content.length ? content : [decoded(href)] }]
  }
  const attrs = attributes(node)
  const language = tag === 'pre' ? codeLanguage(node) : null
  if (language) attrs['data-lang'] = language
  return [{ tag, attrs, children: children() }]
}

function breaks(node: TreeNode | undefined): boolean {
  return node !== undefined && typeof node !== 'string' && BREAKS.has(node.tag)
}

/** Merges adjacent text, normalizes whitespace, drops what carries no meaning. */
function tidy(element: TreeElement, inPre: boolean, spec: boolean): TreeElement {
  const pre = inPre || element.tag === 'pre'
  const merged: TreeNode[] = []
  for (const child of element.children) {
    const last = merged[merged.length - 1]
    if (typeof child === 'string' && typeof last === 'string')
      merged[merged.length - 1] = last + child
    else merged.push(typeof child === 'string' ? child : tidy(child, pre, spec))
  }
  if (pre) {
    // Deliberate: the spec ends a code block's text with a line ending; the renderer does not.
    const only = merged.length === 1 ? merged[0] : undefined
    if (spec && element.tag === 'code' && typeof only === 'string')
      merged[0] = only.replace(/\n$/, '')
    return { ...element, children: merged }
  }
  const children = merged
    .map((child, index) => {
      if (typeof child !== 'string') return child
      let text = child.replace(WHITESPACE, ' ')
      const before = merged[index - 1]
      const after = merged[index + 1]
      const block = BLOCKS.has(element.tag)
      // Space at the edge of a block or a line is never rendered.
      if ((block && index === 0) || breaks(before)) text = text.trimStart()
      if ((block && index === merged.length - 1) || breaks(after)) text = text.trimEnd()
      return text
    })
    .filter((child) => child !== '' && !(CONTAINERS.has(element.tag) && child === ' '))
  return { ...element, children }
}

/** Deliberate: headings continue the card's outline, ranked from h3. */
function rankHeadings(root: TreeElement): TreeElement {
  const levels = new Set<number>()
  const collect = (node: TreeNode) => {
    if (typeof node === 'string') return
    const level = /^h([1-6])$/.exec(node.tag)?.[1]
    if (level) levels.add(Number(level))
    node.children.forEach(collect)
  }
  collect(root)
  const ranked = [...levels].sort((a, b) => a - b)
  const rename = (node: TreeNode): TreeNode => {
    if (typeof node === 'string') return node
    const level = /^h([1-6])$/.exec(node.tag)?.[1]
    const tag = level ? `h${Math.min(3 + ranked.indexOf(Number(level)), 6)}` : node.tag
    return { ...node, tag, children: node.children.map(rename) }
  }
  const renamed = rename(root)
  return typeof renamed === 'string' ? root : renamed
}

/**
 * The normalized tree of an HTML fragment. `spec` marks the spec's expected
 * HTML, whose headings and code blocks are mapped onto the renderer's.
 */
export function htmlTree(html: string, { spec = false } = {}): TreeElement {
  const content = parse(html)
  const children = [...content.childNodes].flatMap(convert)
  const root = tidy({ tag: '#root', attrs: {}, children }, false, spec)
  return spec ? rankHeadings(root) : root
}

/** Every element's tag name in an HTML fragment, in document order. */
export function tagNames(html: string): string[] {
  return [...(parse(html) as DocumentFragment).querySelectorAll('*')].map(
    (element) => element.localName,
  )
}
