/** Bidi embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g

/**
 * Text from an agent or a user as it may be shown: without explicit bidi
 * embedding, override and isolate controls, so `"\u202Egnp.exe"` shows as
 * `gnp.exe`, never as `exe.png`. The element around it should still isolate
 * it (`dir="auto"` on a block, `<bdi>` inline). For display only: keep the
 * original text for anything sent back, such as a selected label.
 */
export function displayText(text: string): string {
  return text.replace(BIDI_CONTROLS, '')
}
