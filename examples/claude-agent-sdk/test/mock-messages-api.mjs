// A local stand-in for Anthropic's Messages API, for running the real Claude
// Code CLI with no API key and no network: ANTHROPIC_BASE_URL points at it.
// It answers `POST /v1/messages` with a streamed (SSE) assistant message from
// a fixed script, chosen by the tool results in the request's last message:
//
//   1. a new conversation      -> an AskUserQuestion tool use (two questions)
//   2. AskUserQuestion's result -> a Bash tool use that needs permission
//   3. Bash's result            -> a closing text, end_turn
//
// A request that offers Claude no AskUserQuestion tool is one of the CLI's
// own side requests (the session's title, for one); it gets a short text.
// and keeps every tool_result it was sent (`toolResults`), so a test can
// check byte for byte what Claude would have read.
//
// `node test/mock-messages-api.mjs` (or `npm run mock`) runs it on its own,
// on PORT (default 4010), to try the page without a key.
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'

export const DATABASE_QUESTION = 'Which database should the project use?'
export const CHECKS_QUESTION = 'Which checks should run before each commit?'

export const POSTGRES_PREVIEW = [
  'A server next to the app:',
  '',
  '```yaml',
  'services:',
  '  db:',
  '    image: postgres:16',
  '```',
].join('\n')
export const SQLITE_PREVIEW = [
  'One file beside the code:',
  '',
  '```ts',
  "new Database('app.db')",
  '```',
].join('\n')

/** AskUserQuestion's input, as Claude would write it. */
export const ASK_INPUT = {
  questions: [
    {
      question: DATABASE_QUESTION,
      header: 'Database',
      multiSelect: false,
      options: [
        {
          label: 'PostgreSQL',
          description: 'The usual choice for a web app',
          preview: POSTGRES_PREVIEW,
        },
        { label: 'SQLite', description: 'No server to run', preview: SQLITE_PREVIEW },
      ],
    },
    {
      question: CHECKS_QUESTION,
      header: 'Checks',
      multiSelect: true,
      options: [
        { label: 'Lint', description: 'Biome on every staged file' },
        { label: 'Type check', description: 'tsc --noEmit' },
        { label: 'Unit tests', description: 'The fast ones only' },
      ],
    },
  ],
}

/** The Bash call: it writes a file, so in `default` mode the CLI asks first. */
export const BASH_INPUT = {
  command: 'touch README.md && echo created README.md',
  description: 'Create README.md',
}

export const CLOSING_TEXT = 'Done: the project is set up.'

/** One Messages API stream event as an SSE frame. */
const frame = (event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`

/** A whole assistant message with one content block, as the stream sends it. */
function streamOf(id, block, deltas, stopReason) {
  return [
    {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: 'claude-mock',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    },
    { type: 'content_block_start', index: 0, content_block: block },
    ...deltas.map((delta) => ({ type: 'content_block_delta', index: 0, delta })),
    { type: 'content_block_stop', index: 0 },
    {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: 20 },
    },
    { type: 'message_stop' },
  ]
    .map(frame)
    .join('')
}

/** A tool use whose input arrives in two JSON pieces, as the real API splits it. */
function toolUse(id, name, input) {
  const json = JSON.stringify(input)
  const half = Math.floor(json.length / 2)
  const pieces = [json.slice(0, half), json.slice(half)]
  return streamOf(
    `msg_${id}`,
    { type: 'tool_use', id, name, input: {} },
    pieces.map((partial_json) => ({ type: 'input_json_delta', partial_json })),
    'tool_use',
  )
}

const text = (id, words) =>
  streamOf(id, { type: 'text', text: '' }, [{ type: 'text_delta', text: words }], 'end_turn')

/** The tool_result blocks of a request's last message. */
function resultsOf(body) {
  const last = body?.messages?.at(-1)
  if (last?.role !== 'user' || !Array.isArray(last.content)) return []
  return last.content.filter((block) => block?.type === 'tool_result')
}

async function readBody(request) {
  let body = ''
  for await (const chunk of request) body += chunk
  return body
}

/**
 * Starts the mock on `port` (0: a free one). `toolResults` holds each
 * tool_result received, as `{ tool_use_id, content, is_error }`; the tool
 * use ids are `toolu_ask_<n>` and `toolu_bash_<n>` for conversation n
 * (counted from 1).
 */
export async function startMockMessagesApi({ port = 0, host = '127.0.0.1' } = {}) {
  const toolResults = []
  const requests = []
  let conversations = 0

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://mock').pathname
    requests.push(`${request.method} ${path}`)
    const raw = await readBody(request)
    if (request.method !== 'POST' || path !== '/v1/messages') {
      // The CLI's reachability check is a HEAD; anything else is not scripted.
      response.writeHead(request.method === 'HEAD' ? 200 : 404, {
        'content-type': 'application/json',
      })
      return response.end(request.method === 'HEAD' ? undefined : '{"type":"error"}')
    }
    const body = JSON.parse(raw)
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    const offersAsk = (body.tools ?? []).some((tool) => tool?.name === 'AskUserQuestion')
    if (!offersAsk) return response.end(text(`msg_side_${requests.length}`, 'Project setup'))
    const results = resultsOf(body)
    for (const { tool_use_id, content, is_error } of results)
      toolResults.push({ tool_use_id, content, is_error })
    const answered = (prefix) => results.find((result) => result.tool_use_id.startsWith(prefix))
    let reply
    const asked = answered('toolu_ask_')
    const ran = answered('toolu_bash_')
    if (asked) reply = toolUse(asked.tool_use_id.replace('ask', 'bash'), 'Bash', BASH_INPUT)
    else if (ran) reply = text(`msg_end_${ran.tool_use_id}`, CLOSING_TEXT)
    else {
      conversations += 1
      reply = toolUse(`toolu_ask_${conversations}`, 'AskUserQuestion', ASK_INPUT)
    }
    response.end(reply)
  })
  await new Promise((resolve) => server.listen(port, host, resolve))
  const address = server.address()
  return {
    url: `http://${host}:${address.port}`,
    toolResults,
    /** Every request's method and path, in order. */
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mock = await startMockMessagesApi({ port: Number(process.env.PORT ?? 4010) })
  console.log(`mock Messages API on ${mock.url}`)
  console.log(
    `in another terminal: ANTHROPIC_BASE_URL=${mock.url} ANTHROPIC_API_KEY=mock npm start`,
  )
}
