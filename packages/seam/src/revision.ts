import * as v from 'valibot'

/** @internal A standing answer's revision: 0, then one more per accepted amendment. */
export const revision = v.pipe(v.number(), v.safeInteger(), v.minValue(0))
