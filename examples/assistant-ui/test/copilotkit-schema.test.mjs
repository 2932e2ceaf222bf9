// The CopilotKit recipe (recipes/copilotkit.tsx) hands CopilotKit the tool's
// valibot schema through `toStandardJsonSchema`; CopilotKit asks it for its
// draft-07 JSON Schema (`~standard.jsonSchema.input`) and offers that to the
// model. It must be the schema `@parley/tool` publishes for every other model
// API, or the model would be told a different contract.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { AskUserQuestionToolInputSchema, askUserQuestionInputJsonSchema } from '@parley/tool'
import { toStandardJsonSchema } from '@valibot/to-json-schema'

test('CopilotKit offers the model the same JSON Schema as @parley/tool', () => {
  const standard = toStandardJsonSchema(AskUserQuestionToolInputSchema)['~standard']
  assert.deepEqual(
    standard.jsonSchema.input({ target: 'draft-07' }),
    askUserQuestionInputJsonSchema,
  )
})
