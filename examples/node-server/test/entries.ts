// Type-checked (never run) under nodenext, node16 and bundler resolution:
// every public entry of the server-side packages but `@parley/tool/ai-sdk`
// (see entries-ai.ts) resolves with its types.
import { createQuestionHost as createFetchHost, type QuestionHost } from '@parley/host'
import { type AttachOptions, createQuestionHost, type NodeQuestionHost } from '@parley/host/node'
import {
  type AskUserQuestionAnswer,
  createUserQuestionService,
  isUserQuestionError,
} from '@parley/seam'
import { parseDownlinkFrame, parseRespondBody } from '@parley/seam/wire'
import { type AskUserQuestionTool, createAskUserQuestionTool, formatToolResult } from '@parley/tool'

const service = createUserQuestionService()
const host: NodeQuestionHost = createQuestionHost<string>({
  authenticate: () => 'someone',
  canAccess: () => true,
})
service.registerProvider(host.provider)
// The runtime-neutral entry: the same host without the Node adapter.
const fetchHost: QuestionHost = createFetchHost<string>({
  authenticate: () => 'someone',
  canAccess: () => true,
})
const options: AttachOptions = { otherUpgrades: 'pass' }
const tool: AskUserQuestionTool = createAskUserQuestionTool(service)

export async function check(): Promise<string> {
  const answer: AskUserQuestionAnswer = await tool.execute({ questions: [] }, { sessionId: 'a' })
  const frame = parseDownlinkFrame('{}')
  const body = parseRespondBody({})
  return [
    formatToolResult(answer),
    String(frame.ok && body.ok),
    String(isUserQuestionError(answer, 'ASK_CANCELLED')),
    String(options.otherUpgrades),
    typeof fetchHost.fetch,
  ].join()
}
