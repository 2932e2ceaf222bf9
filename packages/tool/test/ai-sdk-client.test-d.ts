import type { AskUserQuestionAnswer } from '@parley/seam'
import type { InferUITools, Tool, UIDataTypes, UIMessage } from 'ai'
import { describe, expectTypeOf, it } from 'vitest'
import type {
  AskUserQuestionUITool,
  AskUserQuestionUITools,
  askUserQuestionClientTool,
} from '../src/ai-sdk.ts'
import type { AskUserQuestionToolInput } from '../src/index.ts'

describe('public types of the AI SDK client-side tool', () => {
  it('is a Tool from the model’s input to the user’s answer', () => {
    expectTypeOf<ReturnType<typeof askUserQuestionClientTool>>().toEqualTypeOf<
      Tool<AskUserQuestionToolInput, AskUserQuestionAnswer>
    >()
  })

  it('InferUITools gives its entry as AskUserQuestionUITool', () => {
    type Tools = InferUITools<{ ask_user_question: ReturnType<typeof askUserQuestionClientTool> }>
    expectTypeOf<Tools['ask_user_question']>().toEqualTypeOf<AskUserQuestionUITool>()
    expectTypeOf<AskUserQuestionUITool>().toEqualTypeOf<{
      input: AskUserQuestionToolInput
      output: AskUserQuestionAnswer
    }>()
    expectTypeOf<Tools>().toEqualTypeOf<AskUserQuestionUITools>()
  })

  it('types the tool part of a UIMessage', () => {
    type Message = UIMessage<unknown, UIDataTypes, AskUserQuestionUITools>
    type Part = Extract<Message['parts'][number], { type: 'tool-ask_user_question' }>
    expectTypeOf<
      Extract<Part, { state: 'output-available' }>['output']
    >().toEqualTypeOf<AskUserQuestionAnswer>()
  })
})
