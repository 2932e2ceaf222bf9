import type { TestAskLedger } from './types.ts'

/**
 * The test API's ledger in one process: every ask lives on the only node,
 * which answers from its own map, so nothing needs writing down.
 */
export function createMemoryTestAsks(): TestAskLedger {
  return {
    async write() {},
    async read() {
      return undefined
    },
  }
}
