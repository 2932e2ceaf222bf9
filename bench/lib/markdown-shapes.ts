/**
 * Markdown sources of a given size in the shapes that cost micromark most
 * (found by `tsx bench/markdown-cost.ts`), plus prose of the same size as the
 * control. Each returns a string of about `bytes` UTF-16 units.
 */

/** Repeats `unit` until the text reaches `bytes`. */
function fill(unit: (index: number) => string, bytes: number): string {
  let text = ''
  for (let index = 0; text.length < bytes; index++) text += unit(index)
  return text.slice(0, bytes)
}

const WORDS =
  'the migration copies rows in batches and swaps the table when the copy is done'.split(' ')

/** Paragraphs of ordinary sentences with some emphasis, code and a link: the control. */
function prose(bytes: number): string {
  return fill((index) => {
    const word = (offset: number) => WORDS[(index + offset) % WORDS.length]
    const sentence = `The ${word(1)} step ${word(2)} **${word(3)}** and \`${word(4)}\` ${word(5)}. `
    const link = index % 4 === 3 ? `See the [runbook](https://example.com/${index}).\n\n` : ''
    return sentence + link
  }, bytes)
}

/** `![![![…x](u)](u)…`: image labels nested as deep as the size allows. */
function nestedImages(bytes: number): string {
  const depth = Math.floor(bytes / 8)
  return `${'!['.repeat(depth)}x${'](u)'.repeat(depth)}`.slice(0, bytes)
}

/** `[[[…x](u)](u)…`: nested link labels. */
function nestedLinks(bytes: number): string {
  const depth = Math.floor(bytes / 7)
  return `${'['.repeat(depth)}x${'](u)'.repeat(depth)}`.slice(0, bytes)
}

/** Image openers that never close: `![a ![a ![a …`. */
function openImages(bytes: number): string {
  return fill(() => '![a ', bytes)
}

/** Brackets that close without a destination: `[a] [a] …` after many openers. */
function openBrackets(bytes: number): string {
  const half = Math.floor(bytes / 2)
  return `${'['.repeat(half)}${'a]'.repeat(Math.floor(half / 2))}`.slice(0, bytes)
}

/** A GFM table of three columns and as many rows as fit. */
function table(bytes: number): string {
  const head = '| name | kind | note |\n| --- | --- | --- |\n'
  return (
    head +
    fill((index) => `| row ${index} | *k${index % 7}* | some \`note\` |\n`, bytes - head.length)
  )
}

/** A GFM table with one row and as many columns as fit. */
function wideTable(bytes: number): string {
  const columns = Math.floor(bytes / 8)
  const row = `|${' a |'.repeat(columns)}\n`
  const rule = `|${' - |'.repeat(columns)}\n`
  return (row + rule + row.repeat(4)).slice(0, bytes)
}

/** A list nested one level per line (each line indented two more spaces). */
function deepList(bytes: number): string {
  return fill((index) => `${'  '.repeat(index)}- item ${index}\n`, bytes)
}

/** Blockquote markers nested on one line: `> > > … x`. */
function deepQuote(bytes: number): string {
  return `${'> '.repeat(Math.floor(bytes / 2) - 1)}x`
}

/** List markers nested on one line: `- - - … x`. */
function deepListLine(bytes: number): string {
  return `${'- '.repeat(Math.floor(bytes / 2) - 1)}x`
}

/** One line of words with no break. */
function longLine(bytes: number): string {
  return fill((index) => `${WORDS[index % WORDS.length]} `, bytes)
}

/** Emphasis delimiters that never match: `*a _b *a _b …`. */
function emphasis(bytes: number): string {
  return fill((index) => (index % 2 === 0 ? '*a ' : '_b '), bytes)
}

/** Runs of asterisks of growing length, alternating sides: `a* **a ***a* …`. */
function delimiterRuns(bytes: number): string {
  return fill((index) => `${'*'.repeat((index % 5) + 1)}a${index % 2 ? '*' : ''} `, bytes)
}

/** Code-span openers of different lengths that never close: `` `a ``a ```a … ``. */
function backticks(bytes: number): string {
  return fill((index) => `${'`'.repeat((index % 40) + 1)}a `, bytes)
}

/** Link reference definitions used by references: `[a1]: u` lines then `[x][a1]`. */
function references(bytes: number): string {
  const half = Math.floor(bytes / 2)
  const definitions = fill((index) => `[a${index}]: https://e.com/${index}\n`, half)
  return `${definitions}\n${fill((index) => `[x][a${index}] `, bytes - half - 1)}`
}

/** Lines of an item holding a nested list: `- - x`, quadratic in the number of lines. */
function nestedItems(bytes: number): string {
  return fill(() => '- - x\n', bytes)
}

/** Links one after another in one paragraph. */
function links(bytes: number): string {
  return fill(() => '[x](u) ', bytes)
}

/*
 * The same attacks kept just within MARKDOWN_LIMITS (packages/react/src/markdown/limits.ts):
 * what a hostile detail can still cost once bounded.
 */

/** Groups of 16 nested image labels, one after another in one paragraph. */
function boundedImages(bytes: number): string {
  return fill(() => `${'!['.repeat(16)}x${'](u)'.repeat(16)}`, bytes)
}

/** Groups of 16 openers closed without a destination: `[[[…a]a]a]`. */
function boundedBrackets(bytes: number): string {
  return fill(() => `${'['.repeat(16)}${'a]'.repeat(16)} `, bytes)
}

/** Lines of 15 nested quote markers (30 columns). */
function boundedQuotes(bytes: number): string {
  return fill(() => `${'> '.repeat(15)}x\n`, bytes)
}

/** Lines of 15 nested list markers (30 columns). */
function boundedListLines(bytes: number): string {
  return fill(() => `${'- '.repeat(15)}x\n`, bytes)
}

/** A list nested 15 levels deep by indentation, then again from the top. */
function boundedList(bytes: number): string {
  return fill((index) => `${'  '.repeat(index % 15)}- item ${index}\n`, bytes)
}

/** Runs of 256 asterisks around a word. */
function boundedRuns(bytes: number): string {
  return fill(() => `${'*'.repeat(256)}a${'*'.repeat(256)} `, bytes)
}

/** Every shape by name; `prose` is the control. */
export const SHAPES = {
  prose,
  nestedImages,
  nestedLinks,
  openImages,
  openBrackets,
  table,
  wideTable,
  deepList,
  deepQuote,
  deepListLine,
  longLine,
  emphasis,
  delimiterRuns,
  backticks,
  references,
  nestedItems,
  links,
  boundedImages,
  boundedBrackets,
  boundedQuotes,
  boundedListLines,
  boundedList,
  boundedRuns,
} satisfies Record<string, (bytes: number) => string>

export type ShapeName = keyof typeof SHAPES
