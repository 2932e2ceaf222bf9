import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import Markdown from '../src/markdown/markdown.tsx'
import { safeHref } from '../src/markdown/parse.ts'
import { makeRequest, renderComposer } from './fixtures.tsx'

function md(source: string) {
  const { container } = render(
    <div data-testid="md">
      <Markdown source={source} />
    </div>,
  )
  return container.firstElementChild as HTMLElement
}

describe('safe Markdown', () => {
  it('renders paragraphs, emphasis, strong, inline code and code blocks', () => {
    const out = md(
      'Hello *there* and **bold** with `code`.\n\nSecond para\n\n```ts\nconst a = 1\n```',
    )
    expect(out.querySelectorAll('p')).toHaveLength(2)
    expect(out.querySelector('em')).toHaveTextContent('there')
    expect(out.querySelector('strong')).toHaveTextContent('bold')
    expect(out.querySelector('p code')).toHaveTextContent('code')
    expect(out.querySelector('pre code')).toHaveTextContent('const a = 1')
  })

  it('renders lists, headings and blockquotes', () => {
    const out = md('# Plan\n\n1. First\n2. Second\n   - nested\n\n- a\n- b\n\n> quoted *text*')
    expect(screen.getByRole('heading', { name: 'Plan' }).tagName).toBe('H3')
    expect(out.querySelector('ol')?.children).toHaveLength(2)
    expect(out.querySelector('ol ul li')).toHaveTextContent('nested')
    expect(out.querySelectorAll('ul')).toHaveLength(2)
    expect(out.querySelector('blockquote em')).toHaveTextContent('text')
  })

  it('continues the composer outline: the shallowest heading is an h3 and no level is skipped', () => {
    md('## Migrate\n\n#### Steps\n\ntext\n\n###### Rollback\n\n## Risks')
    const levels = screen.getAllByRole('heading').map((heading) => heading.tagName)
    expect(levels).toEqual(['H3', 'H4', 'H5', 'H3'])
  })

  it('links only http, https and mailto, opened safely in a new tab', () => {
    md('[site](https://example.com) [mail](mailto:a@b.c) <http://x.org> [rel](/relative)')
    const site = screen.getByRole('link', { name: 'site' })
    expect(site).toHaveAttribute('href', 'https://example.com/')
    expect(site).toHaveAttribute('rel', 'noopener noreferrer')
    expect(site).toHaveAttribute('target', '_blank')
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:a@b.c')
    expect(screen.getByRole('link', { name: 'http://x.org' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'rel' })).not.toBeInTheDocument()
    expect(screen.getByText(/rel/)).toBeInTheDocument()
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ])('never links %j', (href) => {
    expect(safeHref(href)).toBeNull()
    const out = md(`[click](${href}) <${href}>`)
    expect(out.querySelector('a')).toBeNull()
  })

  it('shows raw HTML as text and creates no elements from it', () => {
    const out = md('<script>alert(1)</script> <img src=x onerror=alert(1)> <b>bold</b>')
    expect(out.querySelector('script, img, b')).toBeNull()
    expect(out).toHaveTextContent('<script>alert(1)</script>')
  })

  it('never loads images: shows them as links or alt text', () => {
    const out = md('![diagram](https://example.com/a.png) ![local](/a.png)')
    expect(out.querySelector('img')).toBeNull()
    expect(screen.getByRole('link', { name: 'diagram' })).toHaveAttribute(
      'href',
      'https://example.com/a.png',
    )
    expect(out).toHaveTextContent('local')
  })

  it('survives deeply nested and unbalanced input', () => {
    const out = md(`${'> '.repeat(200)}deep **unclosed *mixed [link](`)
    expect(out).toHaveTextContent('deep')
  })
})

const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>'

describe('untrusted question content renders inert', () => {
  it('in question text, header, detail, labels and descriptions', async () => {
    renderComposer({
      request: makeRequest([
        {
          id: 'q',
          header: `H ${XSS}`,
          question: `Q ${XSS}`,
          detail: `D ${XSS} [x](javascript:window.__xss=1)`,
          options: [{ label: `L ${XSS}`, description: `Desc ${XSS}` }, { label: 'Safe' }],
        },
      ]),
    })
    await screen.findByText(/^D /, { selector: '[data-part="detail"] p' })
    const root = document.querySelector('[data-part="root"]') as HTMLElement
    expect(root.querySelector('script, img, iframe, [onerror]')).toBeNull()
    expect(root.querySelector('a')).toBeNull()
    expect(screen.getByRole('heading', { name: `Q ${XSS}` })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: `L ${XSS}` })).toHaveAccessibleDescription(
      `Desc ${XSS}`,
    )
    expect((window as { __xss?: number }).__xss).toBeUndefined()
  })
})
