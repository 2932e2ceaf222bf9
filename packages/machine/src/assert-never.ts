/** Exhaustiveness check for `switch` over a discriminated union. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`)
}
