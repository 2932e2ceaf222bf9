// Recipe: Parley's QuestionComposer as CopilotKit's human-in-the-loop UI for
// `ask_user_question` (`useHumanInTheLoop` from `@copilotkit/react-core/v2`).
// CopilotKit's runtime needs a server (`runtimeUrl`), so this file is only
// type-checked by `npm test`; src/parley-call.ts, which it shares with the
// assistant-ui example, is what the end-to-end test runs.
import {
  CopilotChat,
  CopilotKitProvider,
  type ReactHumanInTheLoop,
  ToolCallStatus,
  useHumanInTheLoop,
} from '@copilotkit/react-core/v2'
import { QuestionComposer } from '@parley/react'
import {
  ASK_USER_QUESTION_DESCRIPTION,
  ASK_USER_QUESTION_TOOL_NAME,
  type AskUserQuestionToolInput,
  AskUserQuestionToolInputSchema,
} from '@parley/tool'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type ComponentProps, useEffect, useMemo } from 'react'
import { answeredResult, cancelledResult, failedResult, readAskCall } from '../src/parley-call.ts'

/**
 * CopilotKit turns `parameters` into the JSON Schema the model sees through
 * the Standard JSON Schema interface; valibot's `toStandardJsonSchema` gives
 * the tool's own schema that interface. CopilotKit does not validate the
 * arguments with it, so the card still parses them (`readAskCall`).
 */
const parameters = toStandardJsonSchema(AskUserQuestionToolInputSchema)

type RenderProps = ComponentProps<ReactHumanInTheLoop<AskUserQuestionToolInput>['render']>

/**
 * Shows the card once the arguments are complete and hands CopilotKit the
 * `formatToolResult` text: a string result reaches the model as it is (any
 * other value would be sent as JSON), so the model reads the answers, skips
 * and "a cancel is not consent" in words.
 */
function PendingQuestion({
  toolCallId,
  args,
  respond,
}: {
  toolCallId: string
  args: unknown
  respond: (result: unknown) => Promise<void>
}) {
  const call = useMemo(() => readAskCall(args), [args])

  // Input the card cannot show goes back to the model as a result it can correct.
  useEffect(() => {
    if (!call.ok) void respond(failedResult(call.error).text)
  }, [call, respond])

  if (!call.ok)
    return <p>The assistant asked a question that cannot be shown ({call.error.code}).</p>
  const { questions } = call
  return (
    <QuestionComposer
      request={{ rpcId: toolCallId, questions }}
      onAnswer={(answer) => respond(answeredResult(answer, questions).text)}
      onCancel={() => respond(cancelledResult().text)}
    />
  )
}

function AskUserQuestionCard(props: RenderProps) {
  switch (props.status) {
    case ToolCallStatus.InProgress:
      return <p>Preparing a question…</p>
    case ToolCallStatus.Executing:
      return (
        <PendingQuestion toolCallId={props.toolCallId} args={props.args} respond={props.respond} />
      )
    case ToolCallStatus.Complete:
      return <p>Question closed.</p>
  }
}

/** Registers `ask_user_question` with the CopilotKit provider around it. */
export function useAskUserQuestion() {
  useHumanInTheLoop<AskUserQuestionToolInput>({
    name: ASK_USER_QUESTION_TOOL_NAME,
    description: ASK_USER_QUESTION_DESCRIPTION,
    parameters,
    render: AskUserQuestionCard,
  })
}

function AskUserQuestionTool() {
  useAskUserQuestion()
  return null
}

/** The whole wiring: provider (your CopilotKit runtime endpoint), the tool, the chat. */
export function CopilotKitChat({ runtimeUrl }: { runtimeUrl: string }) {
  return (
    <CopilotKitProvider runtimeUrl={runtimeUrl}>
      <AskUserQuestionTool />
      <CopilotChat />
    </CopilotKitProvider>
  )
}
