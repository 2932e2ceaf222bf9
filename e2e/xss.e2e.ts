import { expect, test } from './support/fixtures.ts'
import { openChat } from './support/person.ts'
import type { TestQuestion } from './support/test-api.ts'
import { askSettled, startAsk } from './support/test-api.ts'

const IMG = '<img src=x onerror="window.__xss=1">'
const SCRIPT = '<script>window.__xss=1</script>'
const SVG = '<svg onload="window.__xss=1"></svg>'

const HOSTILE: TestQuestion[] = [
  {
    id: 'html',
    header: `Head ${IMG}`,
    question: `Pick one ${SCRIPT} ${IMG}`,
    detail: [
      `Raw HTML ${IMG} and ${SCRIPT} and ${SVG}.`,
      '',
      '[click me](javascript:window.__xss=1) and [data](data:text/html,<script>window.__xss=1</script>)',
      '',
      '[vb](vbscript:msgbox(1)) [x](javascript:alert(1)) [safe](https://example.com/ok) <mailto:team@example.com>',
      '',
      '![tracker](https://example.com/pixel.png) <a href="javascript:window.__xss=1">inline anchor</a>',
    ].join('\n'),
    options: [
      { label: `Label ${IMG}`, description: `Description ${SCRIPT}` },
      { label: `[x](javascript:alert(1))`, description: `<a href="javascript:alert(1)">a</a>` },
    ],
  },
  {
    id: 'multi',
    header: SCRIPT,
    question: `${SVG} Which of these?`,
    // An <iframe> line opens a raw HTML block (CommonMark), shown as text up to the blank line.
    detail: `<iframe src="javascript:window.__xss=1"></iframe>\n\n[mail](mailto:ops@example.com)`,
    multiSelect: true,
    options: [{ label: SVG, description: IMG }, { label: 'Plain' }],
  },
]

test('script and HTML in every field of a question render as inert text', async ({ page }) => {
  const I = await openChat(page)
  // Any request the payloads make (the x image, the tracker pixel) would show here.
  const requested: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/x' || url.hostname === 'example.com') requested.push(request.url())
  })
  const askId = await startAsk(page.request, I.sessionId, HOSTILE)

  await I.seeQuestion(1, 2)
  // The payloads show as the text they are.
  await expect(I.title()).toHaveText(`Pick one ${SCRIPT} ${IMG}`)
  await expect(I.part('eyebrow')).toHaveText(`Head ${IMG}`)
  await expect(I.option(`Label ${IMG}`)).toContainText(`Description ${SCRIPT}`)
  await expect(I.option('[x](javascript:alert(1))')).toBeVisible()
  await expect(I.part('detail')).toContainText('Raw HTML <img')
  await expect(I.part('detail')).not.toHaveAttribute('data-loading')
  await expect(I.composer.getByRole('link', { name: 'safe' })).toHaveAttribute(
    'href',
    'https://example.com/ok',
  )
  for (const name of ['click me', 'data', 'vb', 'x', 'inline anchor'])
    await expect(I.composer.getByRole('link', { name, exact: true })).toHaveCount(0)
  await expectInert()

  await I.answer(`Label ${IMG}`)
  await I.seeQuestion(2, 2)
  await expect(I.title()).toHaveText(`${SVG} Which of these?`)
  await expect(I.part('detail')).not.toHaveAttribute('data-loading')
  await expect(I.composer.getByRole('link', { name: 'mail' })).toHaveAttribute(
    'href',
    'mailto:ops@example.com',
  )
  await expectInert()
  await I.toggle(SVG)
  await I.submit()
  await I.seeNoComposer()

  const ask = await askSettled(page.request, askId, 'answered')
  expect(ask.answer).toEqual({
    answers: [
      { id: 'html', selected: [`Label ${IMG}`] },
      { id: 'multi', selected: [SVG] },
    ],
  })
  expect(await page.evaluate(() => 'xss' in window || '__xss' in window)).toBe(false)
  expect(requested).toEqual([])

  async function expectInert() {
    await test.step('the payloads are inert', async () => {
      const found = await I.composer.evaluate((root) => ({
        xss: '__xss' in window,
        elements: [
          ...root.querySelectorAll('img, script, svg:not([aria-hidden]), iframe, object, embed'),
        ].map((element) => element.outerHTML),
        handlers: [...root.querySelectorAll('*')].flatMap((element) =>
          [...element.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name),
        ),
        links: [...root.querySelectorAll('a')].map((a) => ({
          href: a.getAttribute('href') ?? '',
          rel: a.getAttribute('rel') ?? '',
        })),
      }))
      expect(found.xss).toBe(false)
      expect(found.elements).toEqual([])
      expect(found.handlers).toEqual([])
      for (const link of found.links) {
        expect(new URL(link.href).protocol).toMatch(/^(https|http|mailto):$/)
        expect(link.rel).toBe('noopener noreferrer')
      }
    })
  }
})
