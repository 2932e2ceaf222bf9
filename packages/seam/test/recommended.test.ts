import { describe, expect, it } from 'vitest'
import { parseRecommendedLabel } from '../src/index.ts'

describe('parseRecommendedLabel', () => {
  it.each([
    ['Postgres (Recommended)', 'Postgres'],
    ['Postgres (recommended)', 'Postgres'],
    ['Postgres (RECOMMENDED)', 'Postgres'],
    ['Postgres(Recommended)', 'Postgres'],
    ['Postgres（推荐）', 'Postgres'],
    ['Postgres (推荐)', 'Postgres'],
    ['Postgres（推奨）', 'Postgres'],
    ['Postgres (推奨)', 'Postgres'],
  ])('recognizes the suffix in %j', (label, display) => {
    expect(parseRecommendedLabel(label)).toEqual({ display, recommended: true })
  })

  it.each([
    'Postgres',
    'Recommended',
    '(Recommended) Postgres',
    'Postgres (Recommended) first',
    '(Recommended)',
    'Postgres [Recommended]',
  ])('leaves %j as it is', (label) => {
    expect(parseRecommendedLabel(label)).toEqual({ display: label, recommended: false })
  })
})
