/**
 * The axe check every page object step ends with.
 *
 * It runs the axe-core engine that `@axe-core/playwright` pins, but injects
 * it once per document and calls `axe.run` directly: `AxeBuilder.analyze()`
 * re-injects the 600 kB engine and opens a blank page for every call (about
 * 700 ms each on a 2-core machine, against about 100 ms here), and the flows
 * check well over a hundred states. Same engine, same default rule set.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type Page, test } from '@playwright/test'
import { expect } from './fixtures.ts'

const fromAxePlaywright = createRequire(
  createRequire(import.meta.url).resolve('@axe-core/playwright'),
)
const AXE_SOURCE = readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8')

interface Violation {
  id: string
  impact?: string | null
  help: string
  nodes: { target: unknown[]; failureSummary?: string }[]
}

interface AxeWindow {
  axe?: {
    run(context: Document, options: { resultTypes: string[] }): Promise<{ violations: Violation[] }>
  }
}

/** The markup axe last passed on each page: an unchanged page is not checked twice. */
const lastChecked = new WeakMap<Page, string>()

/** Fails when axe (its default rule set: WCAG 2.x A/AA and best practices) finds a violation. */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  await test.step(`axe: ${state}`, async () => {
    const { injected, markup } = await page.evaluate(() => ({
      injected: 'axe' in window,
      markup: document.documentElement.outerHTML,
    }))
    if (lastChecked.get(page) === markup) return
    if (!injected) await page.evaluate(AXE_SOURCE)
    const violations = await page.evaluate(async () => {
      const { axe } = window as unknown as AxeWindow
      if (!axe) throw new Error('axe-core is not on the page')
      // Only violations are reported in full: much less work than the passes.
      const results = await axe.run(document, { resultTypes: ['violations'] })
      return results.violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        nodes: violation.nodes.map(
          (node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`,
        ),
      }))
    })
    expect(violations, `axe violations while ${state}`).toEqual([])
    lastChecked.set(page, markup)
  })
}
