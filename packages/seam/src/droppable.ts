/**
 * @internal Builds a value when the module loads, in a form a bundler can
 * drop when nothing reads it. Call it as
 * `/* @__PURE__ *\/ droppable(() => v.object(…))` for the schemas only a
 * server parses (request data, the respond, extend and amend bodies) or only
 * an add-on reads (the extend and amend receipts): browser bundles that never
 * use them leave them out, where a bare `v.object(…)` would stay (esbuild
 * keeps a call to a `@__NO_SIDE_EFFECTS__` function from another module).
 */
export const droppable = <T>(build: () => T): T => build()
