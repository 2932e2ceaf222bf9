import { describe, expectTypeOf, it } from 'vitest'
import type {
  AnswerValidation,
  ApprovalDecision,
  ApprovalIntent,
  AskUserQuestionAnswer,
  AskUserQuestionAnswerItem,
  AskUserQuestionInput,
  AskUserQuestionIntent,
  AskUserQuestionItem,
  AskUserQuestionRequest,
  CallerVerdict,
  UserQuestionErrorCode,
  UserQuestionProvider,
  UserQuestionService,
} from '../src/index.ts'
import { approvalOf, type ParleyError, UserQuestionError } from '../src/index.ts'
import type { DownlinkFrame, RespondBody } from '../src/wire.ts'

describe('public types', () => {
  it('UserQuestionError.code is the union of codes', () => {
    expectTypeOf<UserQuestionError['code']>().toEqualTypeOf<UserQuestionErrorCode>()
    expectTypeOf<'NO_PROVIDER'>().toExtend<UserQuestionErrorCode>()
    expectTypeOf<'SOMETHING_ELSE'>().not.toExtend<UserQuestionErrorCode>()
    expectTypeOf<UserQuestionError>().toExtend<ParleyError>()
    expectTypeOf<ParleyError['code']>().toEqualTypeOf<string>()
  })

  it('UserQuestionError takes (message, code, options?)', () => {
    expectTypeOf(UserQuestionError).constructorParameters.toEqualTypeOf<
      [string, UserQuestionErrorCode, (ErrorOptions | undefined)?]
    >()
  })

  it('an answer item is { id, selected, custom? }', () => {
    expectTypeOf<AskUserQuestionAnswerItem>().toEqualTypeOf<{
      id: string
      selected: string[]
      custom?: string | undefined
    }>()
    expectTypeOf<AskUserQuestionAnswer>().toEqualTypeOf<{ answers: AskUserQuestionAnswerItem[] }>()
  })

  it('an intent is tagged on kind', () => {
    expectTypeOf<AskUserQuestionIntent['kind']>().toEqualTypeOf<'plan-review' | 'approval'>()
    expectTypeOf<AskUserQuestionItem['intent']>().toEqualTypeOf<AskUserQuestionIntent | undefined>()
  })

  it('an approval reads as its typed view, and its answer as a decision', () => {
    expectTypeOf(approvalOf).returns.toEqualTypeOf<ApprovalIntent | null>()
    expectTypeOf<ApprovalIntent['input']>().toEqualTypeOf<Record<string, unknown>>()
    expectTypeOf<ApprovalDecision['decision']>().toEqualTypeOf<
      'allow' | 'allow-always' | 'edit' | 'deny'
    >()
  })

  it('answer constraints are optional fields of a question', () => {
    expectTypeOf<AskUserQuestionItem['required']>().toEqualTypeOf<boolean | undefined>()
    expectTypeOf<AskUserQuestionItem['allowCustom']>().toEqualTypeOf<boolean | undefined>()
    expectTypeOf<AskUserQuestionItem['minSelected']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<AskUserQuestionItem['input']>().toEqualTypeOf<AskUserQuestionInput | undefined>()
    expectTypeOf<AskUserQuestionInput['type']>().toEqualTypeOf<
      'string' | 'number' | 'integer' | undefined
    >()
    expectTypeOf<AskUserQuestionInput['format']>().toEqualTypeOf<
      'email' | 'uri' | 'date' | 'date-time' | undefined
    >()
  })

  it('a request carries optional routing, deadline, agent and signal', () => {
    expectTypeOf<AskUserQuestionRequest['questions']>().toEqualTypeOf<AskUserQuestionItem[]>()
    expectTypeOf<AskUserQuestionRequest['sessionId']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<AskUserQuestionRequest['callId']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<AskUserQuestionRequest['timeoutMs']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<AskUserQuestionRequest['signal']>().toEqualTypeOf<AbortSignal | undefined>()
  })

  it('the service and provider speak promises of answers', () => {
    expectTypeOf<UserQuestionService['ask']>().returns.toEqualTypeOf<
      Promise<AskUserQuestionAnswer>
    >()
    expectTypeOf<UserQuestionService['registerProvider']>().returns.toEqualTypeOf<() => void>()
    expectTypeOf<UserQuestionProvider['ask']>().returns.toEqualTypeOf<
      Promise<AskUserQuestionAnswer>
    >()
    expectTypeOf<CallerVerdict>().toEqualTypeOf<'live-root' | 'not-live' | 'delegated'>()
  })

  it('a validation result is a union on ok', () => {
    expectTypeOf<
      Extract<AnswerValidation, { ok: true }>['answer']
    >().toEqualTypeOf<AskUserQuestionAnswer>()
  })

  it('the respond body error code is only cancelled', () => {
    type Failure = Extract<RespondBody['result'], { ok: false }>
    expectTypeOf<Failure['error']['code']>().toEqualTypeOf<'cancelled'>()
    expectTypeOf<Extract<DownlinkFrame, { type: 'mux/ready' }>>().not.toBeNever()
  })
})
