import { loadMarkdown } from './detail.tsx'
import { preloadIntentViews } from './intent-body.tsx'

/**
 * Loads the Markdown renderer's chunk (about 25 kB gzip) and the intent
 * views' chunk (the plan-review and approval bodies, the option previews,
 * about 2 kB), once each. The first card that needs one shows a placeholder
 * until it is there (the raw text of its Markdown, an empty plan body), then
 * its final, usually other, layout; calling this when the page is idle makes
 * that card's first paint its last.
 */
export const preloadMarkdown = (): Promise<void> =>
  Promise.all([loadMarkdown(), preloadIntentViews()]).then(() => {})
