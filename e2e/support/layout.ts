/** Geometry checks for the squeeze flows. */
import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures.ts'

interface Box {
  name: string
  x: number
  y: number
  width: number
  height: number
}

/** Sub-pixel rounding is not an overlap. */
const SLACK = 0.5

function intersect(a: Box, b: Box): boolean {
  return (
    a.x + a.width - SLACK > b.x &&
    b.x + b.width - SLACK > a.x &&
    a.y + a.height - SLACK > b.y &&
    b.y + b.height - SLACK > a.y
  )
}

/** The rendered boxes of the visible elements among `parts` (name → locator). */
async function boxesOf(parts: Record<string, Locator>): Promise<Box[]> {
  const boxes: Box[] = []
  for (const [name, locator] of Object.entries(parts)) {
    const count = await locator.count()
    for (let at = 0; at < count; at++) {
      const element = locator.nth(at)
      if (!(await element.isVisible())) continue
      const box = await element.boundingBox()
      if (box && box.width > 0 && box.height > 0)
        boxes.push({ name: count > 1 ? `${name} #${at + 1}` : name, ...box })
    }
  }
  return boxes
}

/** No two of the visible `parts` overlap. */
export async function expectNoOverlap(parts: Record<string, Locator>): Promise<void> {
  const boxes = await boxesOf(parts)
  const overlaps: string[] = []
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]
      const b = boxes[j]
      if (a && b && intersect(a, b)) overlaps.push(`${a.name} overlaps ${b.name}`)
    }
  }
  expect(overlaps, JSON.stringify(boxes)).toEqual([])
}

/** Every visible one of `parts` lies inside the viewport. */
export async function expectInViewport(page: Page, parts: Record<string, Locator>): Promise<void> {
  const viewport = page.viewportSize()
  if (!viewport) throw new Error('no viewport')
  const outside = (await boxesOf(parts))
    .filter(
      (box) =>
        box.x < -SLACK ||
        box.y < -SLACK ||
        box.x + box.width > viewport.width + SLACK ||
        box.y + box.height > viewport.height + SLACK,
    )
    .map((box) => `${box.name} at ${JSON.stringify(box)}`)
  expect(outside, `outside the ${viewport.width}×${viewport.height} viewport`).toEqual([])
}

/** The page does not scroll sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const viewport = page.viewportSize()
  if (!viewport) throw new Error('no viewport')
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, 'document scroll width').toBeLessThanOrEqual(viewport.width)
}
