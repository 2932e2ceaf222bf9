import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  type Implementation,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js'
import type { UserQuestionService } from '@parley/seam'
import {
  ASK_USER_QUESTION_DESCRIPTION,
  ASK_USER_QUESTION_TOOL_NAME,
  AskUserQuestionToolInputSchema,
  askUserQuestionInputJsonSchema,
  createAskUserQuestionTool,
  formatToolResult,
  type QuestionLabel,
} from '@parley/tool'
import * as v from 'valibot'
import { DEFAULT_PROGRESS_INTERVAL_MS, startHeartbeat } from './heartbeat.ts'

/** The MCP side of one `tools/call`, for routing the ask. */
export interface AskUserQuestionMcpCall {
  /** The JSON-RPC id of the call (unique per MCP session only). */
  requestId: string | number
  /** The MCP session (Streamable HTTP), if the transport has one. */
  mcpSessionId: string | undefined
  /** What the transport's authentication found, if any. */
  authInfo: AuthInfo | undefined
  /** The HTTP request's headers (Streamable HTTP). */
  headers: Record<string, string | string[] | undefined> | undefined
}

/** Options of {@link createAskUserQuestionMcpServer}. */
export interface AskUserQuestionMcpServerOptions {
  /** The server's name and version in `initialize`. @default { name: 'parley', title: 'Parley', version: '1.0.0' } */
  serverInfo?: Implementation | undefined
  /** Instructions for the agent, sent in `initialize`. */
  instructions?: string | undefined
  /**
   * The conversation each ask goes to: a fixed id, or one read from the call
   * (its MCP session, its headers, its auth). A session-routed provider such
   * as `@parley/host` needs one.
   */
  sessionId?: string | ((call: AskUserQuestionMcpCall) => string | undefined) | undefined
  /** The calling agent for the service's caller policy, read from the call. */
  agent?: (call: AskUserQuestionMcpCall) => unknown | undefined
  /**
   * Deadline of every ask in milliseconds: when it passes the card is
   * withdrawn and the agent reads "did not answer in time" (`ASK_TIMED_OUT`).
   * @default none
   */
  timeoutMs?: number | undefined
  /**
   * How often to send progress while the user answers, when the call carries
   * a progress token (`humanPacedRequestOptions`); `false` never sends any.
   * @default 15000
   */
  progressIntervalMs?: number | false | undefined
}

const DEFAULT_SERVER_INFO: Implementation = { name: 'parley', title: 'Parley', version: '1.0.0' }

/** `@parley/tool`'s JSON Schema as MCP types a tool's input: an object whose properties are schemas. */
function inputSchemaOf(schema: typeof askUserQuestionInputJsonSchema): Tool['inputSchema'] {
  const { properties = {}, ...rest } = schema
  const objects: Record<string, object> = {}
  for (const [key, value] of Object.entries(properties))
    if (typeof value === 'object') objects[key] = value
  return { ...rest, type: 'object', properties: objects }
}

/** The tool as `tools/list` shows it: the description and JSON Schema (draft-07) of `@parley/tool`. */
export const askUserQuestionMcpTool: Tool = {
  name: ASK_USER_QUESTION_TOOL_NAME,
  title: 'Ask the user',
  description: ASK_USER_QUESTION_DESCRIPTION,
  inputSchema: inputSchemaOf(askUserQuestionInputJsonSchema),
  annotations: { readOnlyHint: true, openWorldHint: false },
}

function labelsOf(input: unknown): QuestionLabel[] {
  const parsed = v.safeParse(AskUserQuestionToolInputSchema, input)
  return parsed.success ? parsed.output.questions.map(({ id, question }) => ({ id, question })) : []
}

function text(value: string, isError: boolean): CallToolResult {
  const result: CallToolResult = { content: [{ type: 'text', text: value }] }
  if (isError) result.isError = true
  return result
}

/**
 * An MCP server with one tool, `ask_user_question`, that asks through
 * `service`: any MCP-capable agent can ask the person behind Parley's UI.
 * The tool's description and input JSON Schema are `@parley/tool`'s; the
 * result is `formatToolResult`'s text (with the normalized answer as
 * `structuredContent`), and every failure (a cancel, a timeout, bad input)
 * is a result with `isError: true` whose text the agent reads. Connect it to
 * a transport (`serveOverStdio`, `createStreamableHttpHandler` from
 * `@parley/mcp/node`, or any SDK transport). It is the SDK's low-level
 * `Server`, so the schema is served exactly as generated and parsed with
 * valibot, not converted through zod.
 */
export function createAskUserQuestionMcpServer(
  service: UserQuestionService,
  options: AskUserQuestionMcpServerOptions = {},
): Server {
  const tool = createAskUserQuestionTool(
    service,
    options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
  )
  const interval = options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS
  // Call ids restart at 0 on every connection: a per-server prefix keeps them apart.
  const prefix = `mcp-${globalThis.crypto.randomUUID().slice(0, 8)}`
  const server = new Server(options.serverInfo ?? DEFAULT_SERVER_INFO, {
    capabilities: { tools: {} },
    ...(options.instructions !== undefined && { instructions: options.instructions }),
  })
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [askUserQuestionMcpTool] }))
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: input = {} } = request.params
    if (name !== ASK_USER_QUESTION_TOOL_NAME)
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${name}".`)
    const call: AskUserQuestionMcpCall = {
      requestId: extra.requestId,
      mcpSessionId: extra.sessionId,
      authInfo: extra.authInfo,
      headers: extra.requestInfo?.headers,
    }
    const sessionId =
      typeof options.sessionId === 'function' ? options.sessionId(call) : options.sessionId
    const stop = startHeartbeat(
      extra._meta?.progressToken,
      extra.sendNotification,
      interval,
      'Waiting for the user to answer',
    )
    try {
      const answer = await tool.execute(input, {
        signal: extra.signal,
        callId: `${prefix}-${extra.sessionId ?? 'local'}-${extra.requestId}`,
        sessionId,
        agent: options.agent?.(call),
      })
      return {
        ...text(formatToolResult(answer, labelsOf(input)), false),
        structuredContent: answer,
      }
    } catch (error) {
      // A TypeError is a bug in the server's wiring, not an outcome the agent can act on.
      if (error instanceof TypeError) throw error
      return text(formatToolResult(error), true)
    } finally {
      stop()
    }
  })
  return server
}
