import { tests } from 'commonmark-spec'
import type { Nodes } from 'mdast'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { en } from '../src/locales/en.ts'
import Markdown from '../src/markdown/markdown.tsx'
import { parseMarkdown } from '../src/markdown/parse.ts'
import { htmlTree, tagNames } from './html-tree.ts'

/** The spec writes tabs as "→". */
const examples = tests.map((example) => ({
  ...example,
  markdown: example.markdown.replaceAll('→', '\t'),
  html: example.html.replaceAll('→', '\t'),
}))

const GFM_AUTOLINK =
  'GFM literal autolinks (deliberate: details are GFM): the bare URL or address is a link'

/** Reviewed examples that cannot match CommonMark, each with its reason. */
const EXCEPTIONS = new Map<number, string>([
  [602, GFM_AUTOLINK],
  [606, GFM_AUTOLINK],
  [608, GFM_AUTOLINK],
  [611, GFM_AUTOLINK],
  [612, GFM_AUTOLINK],
])

function rawHtml(markdown: string): string[] {
  const found: string[] = []
  const visit = (node: Nodes) => {
    if (node.type === 'html') found.push(node.value)
    if ('children' in node) node.children.forEach(visit)
  }
  visit(parseMarkdown(markdown))
  return found
}

const rendered = (markdown: string) =>
  renderToStaticMarkup(<Markdown source={markdown} shortened={en.detailShortened} />)

const structural = examples.filter((example) => rawHtml(example.markdown).length === 0)
const withRawHtml = examples.filter((example) => rawHtml(example.markdown).length > 0)

/** Every element and attribute the renderer can produce. */
const ELEMENTS = new Set(
  'p h3 h4 h5 h6 blockquote ul ol li pre code hr em strong del br a div table thead tbody tr th td label input'.split(
    ' ',
  ),
)
const ATTRIBUTES = new Set(
  'dir href title target rel start data-lang data-raw-html data-task data-table-scroll tabindex align type disabled checked'.split(
    ' ',
  ),
)

function fragment(html: string): DocumentFragment {
  const template = document.createElement('template')
  template.innerHTML = html
  return template.content
}

describe('CommonMark 0.31.2: every example without raw HTML renders the spec’s structure', () => {
  it.each(structural.filter((example) => !EXCEPTIONS.has(example.number)))(
    'example $number ($section)',
    ({ markdown, html }) => {
      expect(htmlTree(rendered(markdown))).toEqual(htmlTree(html, { spec: true }))
    },
  )

  it.each(structural.filter((example) => EXCEPTIONS.has(example.number)))(
    'example $number ($section) differs, as reviewed',
    ({ markdown, html, number }) => {
      expect(EXCEPTIONS.get(number)).toBeTruthy()
      // If this starts to match, the exception is stale: remove it.
      expect(htmlTree(rendered(markdown))).not.toEqual(htmlTree(html, { spec: true }))
    },
  )

  it('covers every example: structural, reviewed exceptions, or raw HTML', () => {
    expect(structural.length + withRawHtml.length).toBe(652)
    expect([...EXCEPTIONS.keys()].every((n) => structural.some((e) => e.number === n))).toBe(true)
  })
})

describe('CommonMark 0.31.2: every example with raw HTML renders that HTML as inert text', () => {
  it.each(withRawHtml)('example $number ($section)', ({ markdown }) => {
    const output = fragment(rendered(markdown))
    for (const html of rawHtml(markdown)) expect(output.textContent).toContain(html)
    for (const element of output.querySelectorAll('*')) {
      expect(ELEMENTS).toContain(element.localName)
      for (const { name } of element.attributes) expect(ATTRIBUTES).toContain(name)
    }
  })

  it.each(withRawHtml)(
    'example $number: no element the raw HTML names appears beyond those the Markdown makes',
    ({ markdown, html }) => {
      const count = (tags: string[], tag: string) => tags.filter((name) => name === tag).length
      const raw = rawHtml(markdown).flatMap(tagNames)
      const expected = tagNames(html)
      const ours = tagNames(rendered(markdown))
      const blocks = parseMarkdown(markdown).children.filter((node) => node.type === 'html')
      // Deliberate: an image is a link; a block of raw HTML is a paragraph of text.
      const extra: Record<string, number> = { a: count(expected, 'img'), p: blocks.length }
      for (const tag of new Set(raw)) {
        const fromMarkdown = count(expected, tag) - count(raw, tag) + (extra[tag] ?? 0)
        expect(count(ours, tag), tag).toBeLessThanOrEqual(Math.max(fromMarkdown, 0))
      }
    },
  )
})
