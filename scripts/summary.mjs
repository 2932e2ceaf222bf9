#!/usr/bin/env node
// Prints one line with the totals of every test runner that wrote a JSON
// report under reports/, and exits non-zero if anything failed or nothing ran.
import { existsSync, readFileSync } from 'node:fs'

const totals = { passed: 0, failed: 0, skipped: 0 }
const seen = []

function read(file) {
  if (!existsSync(file)) return null
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    totals.failed += 1
    seen.push(`${file}: unreadable`)
    return null
  }
}

const vitest = read('reports/vitest.json')
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0
  totals.failed +=
    (vitest.numFailedTests ?? 0) + (vitest.success === false && !vitest.numFailedTests ? 1 : 0)
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0)
  seen.push('vitest')
}

for (const name of ['playwright', 'playwright-cluster', 'reliability']) {
  const report = read(`reports/${name}.json`)
  if (!report) continue
  const stats = report.stats ?? {}
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0)
  totals.failed += stats.unexpected ?? 0
  totals.skipped += stats.skipped ?? 0
  seen.push(name)
}

// scripts/examples.mjs: one entry per example (npm install + npm test).
const examples = read('reports/examples.json')
if (examples) {
  totals.passed += examples.passed ?? 0
  totals.failed += examples.failed ?? 0
  totals.skipped += examples.skipped ?? 0
  seen.push('examples')
}

const nothingRan = seen.length === 0 || totals.passed === 0
if (nothingRan) console.error('No test report was found: nothing ran.')
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(nothingRan || totals.failed > 0 ? 1 : 0)
