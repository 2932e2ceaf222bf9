const SUFFIX = /\s*(?:\((?:recommended|推荐|推奨)\)|（(?:推荐|推奨)）)\s*$/iu

/** A label split into what to show and whether it carries a recommendation. */
export interface RecommendedLabel {
  /** The label without its recommendation suffix. */
  display: string
  /** The label ended in `(Recommended)`, `(推荐)`, `（推荐）`, `(推奨)` or `（推奨）`. */
  recommended: boolean
}

/**
 * Recognizes a trailing recommendation suffix (any case). Show `display` with
 * a badge; always submit the original label.
 */
export function parseRecommendedLabel(label: string): RecommendedLabel {
  const match = SUFFIX.exec(label)
  if (!match) return { display: label, recommended: false }
  const display = label.slice(0, match.index).trimEnd()
  return display.length > 0
    ? { display, recommended: true }
    : { display: label, recommended: false }
}
