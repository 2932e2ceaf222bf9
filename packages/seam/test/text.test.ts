import { describe, expect, it } from 'vitest'
import { isBlankText } from '../src/index.ts'

describe('isBlankText', () => {
  it.each([
    ['nothing', ''],
    ['spaces, tabs and newlines', ' \t\n '],
    ['no-break and ideographic spaces', '\u00a0\u3000'],
    ['zero-width spaces', '\u200b\u200b'],
    ['zero-width non-joiner and joiner', '\u200c\u200d'],
    ['a word joiner', '\u2060'],
    ['a byte-order mark', '\ufeff'],
    ['bidi marks', '\u200e\u200f\u061c'],
    [
      'bidi embeddings, overrides and isolates',
      '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069',
    ],
    ['a soft hyphen', '\u00ad'],
    ['Hangul fillers', '\u115f\u1160\u3164\uffa0'],
    ['the braille blank', '\u2800'],
    ['a combining grapheme joiner', '\u034f'],
    ['a Mongolian vowel separator', '\u180e'],
    ['Khmer inherent vowels', '\u17b4\u17b5'],
    ['a lone variation selector', '\ufe0f'],
    ['line and paragraph separators', '\u2028\u2029'],
    ['a mix of all of them around spaces', ' \u200b\u3164 \u2800\u202e '],
  ])('calls %s blank', (_, text) => {
    expect(isBlankText(text)).toBe(true)
  })

  it.each([
    ['a word', 'Ada'],
    ['a word behind a zero-width space', '\u200bAda'],
    ['an emoji joined with zero-width joiners', '👩\u200d💻'],
    ['a flag', '🇯🇵'],
    ['a digit', '0'],
    ['a punctuation mark', '.'],
    ['an ideograph', '推'],
    ['text behind a right-to-left override', '\u202egnp.exe'],
  ])('does not call %s blank', (_, text) => {
    expect(isBlankText(text)).toBe(false)
  })
})
