import type { QuestionClient, SessionResolutions } from '@parley/client'
import type { AskUserQuestionAnswer } from '@parley/seam'
import type { RespondReceipt } from '@parley/seam/wire'
import { describe, expectTypeOf, it } from 'vitest'
import type { ComposerSlotProps } from '../src/composer/composer-slot.tsx'
import type { useSessionResolutions } from '../src/connection/index.ts'

type OnAnswer = ComposerSlotProps['onAnswer']
type OnCancel = ComposerSlotProps['onCancel']

/** The shape of AI SDK 6's `addToolOutput` (`ChatAddToolOutputFunction`): it may return nothing. */
type AddToolOutput = (options: {
  tool: string
  toolCallId: string
  output: unknown
}) => void | PromiseLike<void>

describe('ComposerSlot callbacks', () => {
  it('take what a client or a chat SDK returns, as it is', () => {
    const client = {} as QuestionClient
    const addToolOutput = (() => undefined) as AddToolOutput
    expectTypeOf((rpcId: string, answer: AskUserQuestionAnswer) =>
      client.respond(rpcId, 's1', answer),
    ).toExtend<OnAnswer>()
    expectTypeOf((rpcId: string) => client.cancel(rpcId, 's1')).toExtend<OnCancel>()
    expectTypeOf((rpcId: string, answer: AskUserQuestionAnswer) =>
      addToolOutput({ tool: 'ask_user_question', toolCallId: rpcId, output: answer }),
    ).toExtend<OnAnswer>()
    expectTypeOf((rpcId: string) =>
      addToolOutput({ tool: 'ask_user_question', toolCallId: rpcId, output: null }),
    ).toExtend<OnCancel>()
    const thenable: PromiseLike<RespondReceipt> = Promise.resolve({ accepted: true })
    expectTypeOf(() => thenable).toExtend<OnCancel>()
    expectTypeOf((_rpcId: string) => {}).toExtend<OnCancel>()
  })

  it('are read as receipts: rpcId and answer in, a receipt (or nothing) out', () => {
    expectTypeOf<OnAnswer>().parameters.toEqualTypeOf<[string, AskUserQuestionAnswer]>()
    expectTypeOf<OnCancel>().parameters.toEqualTypeOf<[string]>()
    // biome-ignore lint/suspicious/noConfusingVoidType: the prop's own return type
    expectTypeOf<ReturnType<OnAnswer>>().toEqualTypeOf<void | PromiseLike<unknown>>()
    expectTypeOf<(rpcId: number) => void>().not.toExtend<OnCancel>()
    expectTypeOf<(rpcId: string, answer: string) => void>().not.toExtend<OnAnswer>()
  })
})

describe('resolutions', () => {
  it('the client’s resolutions fit the slot’s resolutions prop', () => {
    expectTypeOf<ReturnType<typeof useSessionResolutions>>().toEqualTypeOf<SessionResolutions>()
    expectTypeOf<SessionResolutions>().toExtend<NonNullable<ComposerSlotProps['resolutions']>>()
    expectTypeOf<ReturnType<QuestionClient['getSessionResolutions']>>().toEqualTypeOf<
      Readonly<Record<string, 'answered' | 'cancelled' | 'aborted' | 'timed-out'>>
    >()
  })
})

describe('QuestionComposer callbacks', () => {
  it('take the same results as ComposerSlot', () => {
    type Options = import('../src/composer/controller.ts').QuestionComposerOptions
    const addToolOutput = (() => undefined) as AddToolOutput
    expectTypeOf((answer: AskUserQuestionAnswer) =>
      addToolOutput({ tool: 'ask_user_question', toolCallId: 'c1', output: answer }),
    ).toExtend<Options['onAnswer']>()
    expectTypeOf(() => {}).toExtend<Options['onCancel']>()
    expectTypeOf(() => Promise.resolve({ accepted: true })).toExtend<Options['onCancel']>()
  })
})
