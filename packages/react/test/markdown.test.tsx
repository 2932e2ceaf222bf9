import { render, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { preloadMarkdown } from '../src/index.ts'
import { en } from '../src/locales/en.ts'
import Markdown from '../src/markdown/markdown.tsx'
import { safeHref } from '../src/markdown/parse.ts'
import { makeRequest, renderComposer } from './fixtures.tsx'

// The Markdown chunk is lazy: load it first, so no query races its arrival.
beforeAll(() => preloadMarkdown())

function md(source: string) {
  const { container } = render(
    <div data-testid="md">
      <Markdown source={source} shortened={en.detailShortened} />
    </div>,
  )
  return container.firstElementChild as HTMLElement
}

describe('Markdown (CommonMark + GFM)', () => {
  it('renders a table with its header, body and column alignment, in its own scrolling box', () => {
    const out = md(
      '| Step | Owner | Days |\n| :--- | :---: | ---: |\n| Build | Ana | 2 |\n| Ship | Bo | 1 |',
    )
    const table = screen.getByRole('table')
    expect(table.parentElement).toHaveAttribute('data-table-scroll')
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Step',
      'Owner',
      'Days',
    ])
    expect(screen.getAllByRole('row')).toHaveLength(3)
    const [step, owner, days] = screen.getAllByRole('cell')
    expect(step).toHaveAttribute('align', 'left')
    expect(owner).toHaveAttribute('align', 'center')
    expect(days).toHaveAttribute('align', 'right')
    expect(out).not.toHaveTextContent('|')
  })

  it('renders task list items as disabled checkboxes named by their text', () => {
    md('- [x] Write the migration\n- [ ] Run it on staging\n- plain item')
    const done = screen.getByRole('checkbox', { name: 'Write the migration' })
    const open = screen.getByRole('checkbox', { name: 'Run it on staging' })
    expect(done).toBeChecked()
    expect(done).toBeDisabled()
    expect(open).not.toBeChecked()
    expect(open).toBeDisabled()
    expect(screen.getAllByRole('checkbox')).toHaveLength(2)
    expect(screen.getByText('plain item').closest('li')).not.toHaveAttribute('data-task')
  })

  it('decodes entities and numeric character references', () => {
    const out = md('Fish &amp; chips &copy; &#35; &#x22; &nbsp;end &notanentity;')
    expect(out.querySelector('p')?.textContent).toBe('Fish & chips © # " \u00a0end &notanentity;')
  })

  it('nests lists and emphasis as written', () => {
    const out = md('1. One\n   - a\n     - deep *very **deep***\n2. Two\n\n***both*** ~~gone~~')
    expect(out.querySelector('ol > li > ul > li > ul > li')).toHaveTextContent('deep very deep')
    expect(out.querySelector('li em strong')).toHaveTextContent('deep')
    expect(out.querySelector('p em strong, p strong em')).toHaveTextContent('both')
    expect(out.querySelector('del')).toHaveTextContent('gone')
  })

  it('renders hard breaks, block quotes, rules and code with its language', () => {
    const out = md('line one\\\nline two  \nline three\n\n> quoted\n\n---\n\n```sql\nselect 1\n```')
    expect(out.querySelectorAll('p br')).toHaveLength(2)
    expect(out.querySelector('blockquote p')).toHaveTextContent('quoted')
    expect(out.querySelector('hr')).toBeInTheDocument()
    expect(out.querySelector('pre')).toHaveAttribute('data-lang', 'sql')
    expect(out.querySelector('pre code')).toHaveTextContent('select 1')
  })

  it('links bare URLs and addresses (GFM literal autolinks)', () => {
    md('See https://example.com/plan and www.example.org or mail ops@example.com.')
    expect(screen.getByRole('link', { name: 'https://example.com/plan' })).toHaveAttribute(
      'href',
      'https://example.com/plan',
    )
    expect(screen.getByRole('link', { name: 'www.example.org' })).toHaveAttribute(
      'href',
      'http://www.example.org/',
    )
    expect(screen.getByRole('link', { name: 'ops@example.com' })).toHaveAttribute(
      'href',
      'mailto:ops@example.com',
    )
  })

  it('resolves reference links and images through their definitions', () => {
    md(
      '[the docs][docs] and ![chart][img]\n\n[docs]: https://example.com/docs "Docs"\n[img]: https://example.com/c.png',
    )
    expect(screen.getByRole('link', { name: 'the docs' })).toHaveAttribute('title', 'Docs')
    expect(screen.getByRole('link', { name: 'chart' })).toHaveAttribute(
      'href',
      'https://example.com/c.png',
    )
  })
})

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
    const out = md(
      '![diagram](https://example.com/a.png) ![local](/a.png) ![](https://example.com/b.png)',
    )
    expect(out.querySelector('img')).toBeNull()
    const diagram = screen.getByRole('link', { name: 'diagram' })
    expect(diagram).toHaveAttribute('href', 'https://example.com/a.png')
    expect(diagram).toHaveAttribute('target', '_blank')
    expect(diagram).toHaveAttribute('rel', 'noopener noreferrer')
    expect(screen.getByRole('link', { name: 'https://example.com/b.png' })).toBeInTheDocument()
    expect(out).toHaveTextContent('local')
  })

  it.each([
    '![x](javascript:alert(1))',
    '![x](data:image/svg+xml,<svg onload=alert(1)>)',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[x](<javascript:alert(1)>)',
    '[x](&#106;avascript:alert(1))',
    '[x]: javascript:alert(1)\n\n[x]',
    '<javascript:alert(1)>',
  ])('renders %j without a link, an image or a script', (source) => {
    const out = md(source)
    expect(out.querySelector('a, img, script, svg, [onload], [onerror]')).toBeNull()
    expect(out).toHaveTextContent(/x|alert\(1\)/)
  })

  it('shows raw HTML blocks as text, never as elements', () => {
    const out = md(
      '<script>window.__xss=1</script>\n\n<div onclick="x()">\n*hi*\n</div>\n\n<iframe src="https://evil.example"></iframe>',
    )
    expect(out.querySelector('script, div[onclick], iframe, [onclick]')).toBeNull()
    expect(out).toHaveTextContent('<script>window.__xss=1</script>')
    expect(out).toHaveTextContent('<div onclick="x()"> *hi* </div>')
    expect((window as { __xss?: number }).__xss).toBeUndefined()
  })

  it('keeps a backslash in a URL a backslash (encoded), as CommonMark does', () => {
    md('<https://example.com/a\\b>')
    expect(screen.getByRole('link')).toHaveAttribute('href', 'https://example.com/a%5Cb')
  })

  it.each([
    ['3,000 nested lists', `${'- '.repeat(3000)}deep`],
    ['5,000 nested quotes', `${'> '.repeat(5000)}deep`],
    ['a 10,000-star emphasis run', `${'*'.repeat(10_000)}deep${'*'.repeat(10_000)}`],
  ])(
    'shows %s as plain text after the shortened notice, at once, rather than hanging or overflowing the stack',
    (_, source) => {
      const started = performance.now()
      const out = md(source)
      expect(performance.now() - started).toBeLessThan(1000)
      expect(screen.getByRole('note')).toHaveTextContent('Detail shortened')
      expect(out.querySelector('p[data-plain]')).toHaveTextContent('deep')
      expect(out.querySelector('ul, blockquote, em, strong')).toBeNull()
    },
  )

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
