/**
 * @internal Builds a value when the module loads, in a form a bundler can
 * drop when nothing reads it. Call it as
 * `/* @__PURE__ *\/ droppable(() => v.object(…))` for the schemas only a
 * server parses (request data, the respond and amend bodies) or only an
 * add-on reads (the amend receipt): browser bundles that never use them
 * leave them out, where a bare `v.object(…)` would stay.
 */
export const droppable = <T>(build: () => T): T => build()
