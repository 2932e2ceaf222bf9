// `ask_user_question` as an assistant-ui toolkit entry: a human tool (the run
// pauses until the UI supplies the result) whose renderer is Parley's
// QuestionComposer.
import type { ToolCallMessagePartProps, Toolkit } from '@assistant-ui/react'
import { QuestionComposer } from '@parley/react'
import {
  ASK_USER_QUESTION_DESCRIPTION,
  ASK_USER_QUESTION_TOOL_NAME,
  askUserQuestionInputJsonSchema,
} from '@parley/tool'
import { ToolResponse } from 'assistant-stream'
import { useEffect, useMemo } from 'react'
import {
  type AskOutcome,
  type AskResult,
  answeredResult,
  cancelledResult,
  failedResult,
  readAskCall,
  settledAs,
} from './parley-call.ts'

type Props = ToolCallMessagePartProps<Record<string, unknown>, AskOutcome>

/**
 * The app keeps the structured outcome (`result`); the model reads the
 * `formatToolResult` text (`modelContent`), which states skips and says that a
 * cancel is not consent.
 */
function toResponse({ outcome, text }: AskResult): ToolResponse<AskOutcome> {
  return new ToolResponse({ result: outcome, modelContent: [{ type: 'text', text }] })
}

/** Renders one `ask_user_question` call in the thread. */
export function AskUserQuestionToolUI({ toolCallId, args, status, result, addResult }: Props) {
  // While the model streams the arguments they are partial: read them once complete.
  const streaming = status.type === 'running'
  const call = useMemo(() => (streaming ? null : readAskCall(args)), [streaming, args])
  const pending = result === undefined

  // Input the card cannot show goes back to the model as a result it can correct.
  useEffect(() => {
    if (call && !call.ok && pending) addResult(toResponse(failedResult(call.error)))
  }, [call, pending, addResult])

  if (call === null) return <p className="tool-note">Preparing a question…</p>
  if (!call.ok)
    return (
      <p className="tool-note" data-tool-error={call.error.code}>
        The assistant asked a question that cannot be shown ({call.error.code}); it has been told
        why.
      </p>
    )

  const { questions } = call
  // A run stopped while the card was open leaves the call without a result.
  const resolution =
    settledAs(result) ?? (pending && status.type === 'incomplete' ? 'aborted' : undefined)
  return (
    <QuestionComposer
      request={{ rpcId: toolCallId, questions }}
      resolution={resolution}
      onAnswer={(answer) => addResult(toResponse(answeredResult(answer, questions)))}
      onCancel={() => addResult(toResponse(cancelledResult()))}
    />
  )
}

/**
 * The toolkit: `Tools({ toolkit })` exposes the tool to the model (name,
 * description, JSON Schema) and installs the renderer for its calls. Keep it at
 * module scope so its identity is stable.
 */
export const toolkit = {
  [ASK_USER_QUESTION_TOOL_NAME]: {
    type: 'human',
    description: ASK_USER_QUESTION_DESCRIPTION,
    parameters: askUserQuestionInputJsonSchema,
    render: AskUserQuestionToolUI,
  },
} satisfies Toolkit
