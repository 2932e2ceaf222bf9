import { screen } from '@testing-library/react'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { preloadMarkdown, QuestionComposer } from '../src/index.ts'
import { MARKDOWN_LIMITS } from '../src/markdown/limits.ts'
import { makeRequest, renderComposer } from './fixtures.tsx'

// Counts the parser's runs without changing what it does.
vi.mock('mdast-util-from-markdown', async (original) => {
  const actual = await original<typeof import('mdast-util-from-markdown')>()
  return { ...actual, fromMarkdown: vi.fn(actual.fromMarkdown) }
})
const parses = vi.mocked(fromMarkdown)

beforeAll(() => preloadMarkdown())

function showDetail(detail: string, locale?: 'ja' | 'zh-CN') {
  const question = { id: 'q', question: 'Go ahead?', detail, options: [{ label: 'Yes' }] }
  const rendered = renderComposer({
    request: makeRequest([question]),
    ...(locale ? { locale } : {}),
  })
  const element = () => document.querySelector('[data-part="detail"]') as HTMLElement
  return { ...rendered, element }
}

const nestedImages = (depth: number) => `${'!['.repeat(depth)}x${'](u)'.repeat(depth)}`

describe('a detail past the Markdown limits', () => {
  it.each([
    ['nested image labels', nestedImages(2_000)],
    ['unclosed brackets', `${'['.repeat(3_000)}${'a]'.repeat(1_500)}`],
    ['quotes nested on one line', `${'> '.repeat(3_000)}x`],
    ['lines of nested list items', '- - x\n'.repeat(1_000)],
    ['a 30,000-character table', `| a | b |\n| - | - |\n${'| 1 | 2 |\n'.repeat(3_000)}`],
    ['a run of 1,000 asterisks', `${'*'.repeat(1_000)}x`],
  ])('shows %s as plain text after a notice, every character kept', async (_, source) => {
    const { element } = showDetail(`Intro with a [link](https://example.com/intro).\n\n${source}`)
    const notice = await screen.findByRole('note')
    expect(notice).toHaveTextContent('Detail shortened: the rest is shown as plain text.')
    expect(screen.getByRole('link', { name: 'link' })).toBeInTheDocument()
    const plain = [...element().querySelectorAll('[data-plain]')].map((p) => p.textContent).join('')
    expect(plain.length).toBeGreaterThan(source.length / 2)
    expect(source.endsWith(plain)).toBe(true)
  })

  it('parses the lines before the first limit and shows the rest plain, in order', async () => {
    const rows = Array.from({ length: MARKDOWN_LIMITS.lines + 20 }, (_, row) => `- item ${row}`)
    const { element } = showDetail(rows.join('\n'))
    const notice = await screen.findByRole('note')
    expect(element().querySelectorAll('li')).toHaveLength(MARKDOWN_LIMITS.lines)
    const rest = element().querySelector('[data-plain]')
    expect(rest).toHaveTextContent(`- item ${MARKDOWN_LIMITS.lines}`)
    expect(notice.compareDocumentPosition(rest as Node)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
  })

  it('says so in the locale of the card', async () => {
    showDetail(nestedImages(100), 'ja')
    expect(await screen.findByRole('note')).toHaveTextContent('詳細を短縮しました')
  })
})

describe('a detail within the limits', () => {
  it('renders in full, with links, lists and tables, and no notice', async () => {
    const detail = [
      '## Steps',
      '',
      '1. Copy the rows (see the [runbook](https://example.com/runbook))',
      '2. Swap the tables',
      '   - keep the old one for a day',
      '',
      '| Step | Minutes |',
      '| :--- | ---: |',
      '| copy | 40 |',
      '| swap | 1 |',
      '',
      '> Nothing is deleted until **tomorrow**.',
    ].join('\n')
    showDetail(detail)
    expect(await screen.findByRole('link', { name: 'runbook' })).toHaveAttribute(
      'href',
      'https://example.com/runbook',
    )
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
    expect(screen.getAllByRole('row')).toHaveLength(3)
    expect(screen.getByText('tomorrow').tagName).toBe('STRONG')
    expect(screen.queryByRole('note')).toBeNull()
  })

  it('is parsed once, however often the card renders again', async () => {
    const detail = 'Parsed *once*, 7f3c.'
    parses.mockClear()
    const { rerender, props } = showDetail(detail)
    await screen.findByText('once', { selector: 'em' })
    const after = parses.mock.calls.length
    expect(after).toBeGreaterThan(0)
    for (const locale of ['ja', 'zh-CN', 'en'] as const) {
      rerender(<QuestionComposer {...props} locale={locale} />)
      await screen.findByText('once', { selector: 'em' })
    }
    expect(parses.mock.calls.length).toBe(after)
  })
})
