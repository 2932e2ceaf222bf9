/**
 * Characters that occupy no visible ink on their own: whitespace and
 * separators, format characters (zero-width space, joiners, word joiner, BOM,
 * bidi marks, embeddings, overrides and isolates), other control characters,
 * variation selectors, and the fillers fonts draw as blank (Hangul fillers,
 * the braille blank, the combining grapheme joiner, the Mongolian vowel
 * separator and the Khmer inherent vowels).
 */
const INVISIBLE_ONLY =
  /^(?:[\s\p{Z}\p{Cf}\p{Cc}\u115F\u1160\u17B4\u17B5\u180E\u2800\u3164\uFFA0]|\p{Variation_Selector}|\u034F)*$/u

/**
 * True when `text` shows nothing: it holds only whitespace and invisible
 * characters, so `"\u200b\u200b"`, `"\u2060"`, `"\ufeff"`, `"\u3164"` and
 * `"\u2800"` are blank just as `"  "` is. Text with any visible character is
 * not, including an emoji joined with zero-width joiners (`"👩‍💻"`).
 * The request rules and `validateAnswer` refuse blank ids, texts, labels and
 * custom answers with it; a composer should decide "no answer yet" the same way.
 */
export function isBlankText(text: string): boolean {
  return INVISIBLE_ONLY.test(text)
}
