/**
 * Fills `{name}` placeholders with `values`: the one filler of every message
 * in the kit (the composer's, the countdown's, the inbox's, reach's). Every
 * occurrence is filled; only `values`' own keys count, so `{constructor}` or
 * `{toString}` stays as written unless given; a placeholder without a value
 * stays as written, so a missing value shows in the text instead of vanishing.
 */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  )
}
