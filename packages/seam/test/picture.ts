/**
 * A plain-data picture of a parse result for comparison: an object becomes
 * its prototype kind and own keys (so an own `constructor` or `__proto__` key
 * is compared as data, not mistaken for the class), `-0` stays distinct from
 * `0`, and anything that is not a plain object or array stays itself (the
 * parsers pass such values through).
 */
export function picture(value: unknown): unknown {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : value
  if (typeof value !== 'object' || value === null) return value
  const prototype = Object.getPrototypeOf(value)
  const plain = prototype === Object.prototype || prototype === null || Array.isArray(value)
  if (!plain) return value
  return [
    Array.isArray(value) ? 'array' : prototype === null ? 'null-prototype' : 'object',
    Reflect.ownKeys(value).map((name) => {
      const descriptor = Object.getOwnPropertyDescriptor(value, name)
      return [String(name), descriptor && 'value' in descriptor ? picture(descriptor.value) : 'get']
    }),
  ]
}
