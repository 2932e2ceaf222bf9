import type { UseChatHelpers } from '@ai-sdk/react'
import type { AskUserQuestionUITools } from '@parley/tool/ai-sdk'
import type { UIDataTypes, UIMessage } from 'ai'
import { describe, expectTypeOf, it } from 'vitest'
import type { UseChatQuestionsOptions, useChatQuestions } from '../src/ai-sdk/index.ts'
import type { ComposerSlotProps } from '../src/index.ts'

type Options = UseChatQuestionsOptions
type Helpers<TOOLS extends Record<string, { input: unknown; output: unknown }>> = UseChatHelpers<
  UIMessage<unknown, UIDataTypes, TOOLS>
>
type Weather = { input: { city: string }; output: { celsius: number } }

describe('useChatQuestions takes useChat’s values as they are', () => {
  it('from a chat typed with the client tool', () => {
    type Chat = Helpers<AskUserQuestionUITools>
    expectTypeOf<Chat['messages']>().toExtend<Options['messages']>()
    expectTypeOf<Chat['addToolOutput']>().toExtend<Options['addToolOutput']>()
  })

  it('from a chat with more tools than ask_user_question', () => {
    type Chat = Helpers<AskUserQuestionUITools & { weather: Weather }>
    expectTypeOf<Chat['messages']>().toExtend<Options['messages']>()
    expectTypeOf<Chat['addToolOutput']>().toExtend<Options['addToolOutput']>()
  })

  it('from an untyped chat', () => {
    expectTypeOf<UseChatHelpers<UIMessage>['messages']>().toExtend<Options['messages']>()
    expectTypeOf<UseChatHelpers<UIMessage>['addToolOutput']>().toExtend<Options['addToolOutput']>()
  })

  it('not from a chat whose tools lack ask_user_question', () => {
    expectTypeOf<Helpers<{ weather: Weather }>['addToolOutput']>().not.toExtend<
      Options['addToolOutput']
    >()
  })

  it('with addToolApprovalResponse as useChat returns it, typed or untyped', () => {
    type Chat = Helpers<AskUserQuestionUITools & { weather: Weather }>
    expectTypeOf<Chat['addToolApprovalResponse']>().toExtend<
      NonNullable<Options['addToolApprovalResponse']>
    >()
    expectTypeOf<UseChatHelpers<UIMessage>['addToolApprovalResponse']>().toExtend<
      NonNullable<Options['addToolApprovalResponse']>
    >()
  })

  it('and returns what ComposerSlot takes', () => {
    type Questions = ReturnType<typeof useChatQuestions>
    expectTypeOf<Questions>().toExtend<
      Pick<ComposerSlotProps, 'requests' | 'onAnswer' | 'onCancel'>
    >()
  })
})
