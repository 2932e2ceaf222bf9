/**
 * What of a detail is parsed as Markdown. micromark's cost grows with the
 * square of label and container nesting (nested image labels, unclosed
 * brackets, `> > > …` on one line) and of the number of nested list items,
 * and per character it costs many times more on links, tables and emphasis
 * than on words; these limits keep each detail's parse under 100 ms of main
 * thread. Measured in
 * bench/README.md (B7); the figures are documented in SECURITY.md.
 */
export const MARKDOWN_LIMITS = {
  /** Characters parsed as Markdown; a line that crosses this is not. */
  characters: 10_000,
  /** Lines parsed as Markdown (micromark is quadratic on many lines of nested lists). */
  lines: 200,
  /** Markup characters parsed: `[ ] ( ) * _ ~ | < > ! \\ &` and the backtick. */
  markup: 1_500,
  /** Container markers (`>`, list markers) at the starts of the lines parsed, all lines together. */
  containerMarkers: 400,
  /** Unclosed `[` (`![` included) in one paragraph at any point. */
  bracketDepth: 16,
  /** Columns of a line's container prefix (indentation, `>` and list markers) when it has a marker. */
  prefixColumns: 32,
  /** Characters in one run of `*`, `_` or `~`. */
  delimiterRun: 256,
}

/** The limits `markdownEnd` applies. */
export type MarkdownLimits = typeof MARKDOWN_LIMITS

const TAB = 9
const LINE_FEED = 10
const CARRIAGE_RETURN = 13
const SPACE = 32
const GREATER = 62
const OPEN_BRACKET = 91
const BACKSLASH = 92
const CLOSE_BRACKET = 93

const isBlank = (code: number) => code === SPACE || code === TAB
const isDigit = (code: number) => code >= 48 && code <= 57
/** `*`, `_` or `~`. */
const isDelimiter = (code: number) => code === 42 || code === 95 || code === 126
const MARKUP = new Set([...'[]()*_~|<>!\\&`'].map((character) => character.charCodeAt(0)))

/** Length of a list marker (`-`, `+`, `*`, `1.`, `1)`) followed by a blank at `at`, else 0. */
function listMarker(source: string, at: number): number {
  let end = at
  const first = source[at]
  if (first === '-' || first === '+' || first === '*') end++
  else {
    while (end - at < 9 && isDigit(source.charCodeAt(end))) end++
    if (end === at || (source[end] !== '.' && source[end] !== ')')) return 0
    end++
  }
  return isBlank(source.charCodeAt(end)) ? end - at : 0
}

/** The container prefix of the line at `start`: its columns (counted up to just past `limit`) and markers. */
function containerPrefix(source: string, start: number, limit: number) {
  let columns = 0
  let markers = 0
  let at = start
  while (columns <= limit) {
    const code = source.charCodeAt(at)
    const length = isBlank(code) ? 1 : code === GREATER ? 1 : listMarker(source, at)
    if (length === 0) break
    if (!isBlank(code)) markers++
    columns += code === TAB ? 4 : length
    at += length
  }
  return { columns, markers }
}

/**
 * How much of `source` may be parsed as Markdown: all of it when every limit
 * holds, else up to the start of the line where the first limit is crossed
 * (0 when that is the first line). One pass, no regular expression: linear
 * in the length of the text whatever it holds.
 */
export function markdownEnd(source: string, limits: MarkdownLimits = MARKDOWN_LIMITS): number {
  let depth = 0
  let run = 0
  let lines = 0
  let markup = 0
  let markers = 0
  let lineStart = 0
  let blankLine = true
  for (let at = 0; at < source.length; at++) {
    if (at >= limits.characters) return lineStart
    const code = source.charCodeAt(at)
    if (at === lineStart) {
      const prefix = containerPrefix(source, at, limits.prefixColumns)
      markers += prefix.markers
      // Indentation alone nests nothing: only a prefix with a marker opens containers.
      const deep = prefix.markers > 0 && prefix.columns > limits.prefixColumns
      if (deep || markers > limits.containerMarkers) return lineStart
    }
    if (code === LINE_FEED) {
      // A blank line ends the paragraph, and every label open in it.
      if (blankLine) depth = 0
      blankLine = true
      run = 0
      lineStart = at + 1
      if (++lines >= limits.lines) return lineStart
      continue
    }
    if (!isBlank(code) && code !== CARRIAGE_RETURN) blankLine = false
    run = isDelimiter(code) ? run + 1 : 0
    if (MARKUP.has(code)) markup++
    if (code === BACKSLASH && source.charCodeAt(at + 1) !== LINE_FEED) at++
    else if (code === OPEN_BRACKET) depth++
    else if (code === CLOSE_BRACKET && depth > 0) depth--
    if (run > limits.delimiterRun || depth > limits.bracketDepth || markup > limits.markup)
      return lineStart
  }
  return source.length
}
