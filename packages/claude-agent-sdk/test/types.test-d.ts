import type { CanUseTool, PermissionResult } from '@anthropic-ai/claude-agent-sdk'
import { createUserQuestionService } from '@parley/seam'
import { describe, expectTypeOf, it } from 'vitest'
import { createCanUseTool } from '../src/index.ts'

describe('types against the installed SDK', () => {
  it('createCanUseTool returns the SDK’s CanUseTool, for query() options', () => {
    const canUseTool = createCanUseTool(createUserQuestionService())
    expectTypeOf(canUseTool).toEqualTypeOf<CanUseTool>()
    expectTypeOf<Awaited<ReturnType<typeof canUseTool>>>().toEqualTypeOf<PermissionResult | null>()
  })
})
