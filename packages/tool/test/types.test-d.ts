import type { AskUserQuestionAnswer } from '@parley/seam'
import type { Tool } from 'ai'
import { describe, expectTypeOf, it } from 'vitest'
import type { AskUserQuestionAiToolOutput, askUserQuestionAiTool } from '../src/ai-sdk.ts'
import type { AskUserQuestionTool, AskUserQuestionToolInput, ToolInputError } from '../src/index.ts'

describe('public types of @parley/tool', () => {
  it('execute takes unknown input and resolves with the answer', () => {
    expectTypeOf<AskUserQuestionTool['execute']>().parameter(0).toEqualTypeOf<unknown>()
    expectTypeOf<AskUserQuestionTool['execute']>().returns.toEqualTypeOf<
      Promise<AskUserQuestionAnswer>
    >()
    expectTypeOf<AskUserQuestionTool['name']>().toEqualTypeOf<'ask_user_question'>()
  })

  it('the model input uses multi_select', () => {
    type Question = AskUserQuestionToolInput['questions'][number]
    expectTypeOf<Question['multi_select']>().toEqualTypeOf<boolean | undefined>()
    expectTypeOf<Question>().not.toHaveProperty('multiSelect')
  })

  it('ToolInputError has the INVALID_INPUT code', () => {
    expectTypeOf<ToolInputError['code']>().toEqualTypeOf<'INVALID_INPUT'>()
  })

  it('the AI SDK tool is typed by input and output', () => {
    expectTypeOf<ReturnType<typeof askUserQuestionAiTool>>().toEqualTypeOf<
      Tool<AskUserQuestionToolInput, AskUserQuestionAiToolOutput>
    >()
  })
})
