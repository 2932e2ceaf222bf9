import { AIMessage, type BaseMessage } from '@langchain/core/messages'
import { fakeModel } from '@langchain/core/testing'
import { MemorySaver } from '@langchain/langgraph'
import { askUser, runWithParley } from '@parley/langgraph'
import type { UserQuestionService } from '@parley/seam'
import { createAgent, humanInTheLoopMiddleware, tool } from 'langchain'
import * as z from 'zod'

/** One line of what happened in a run, as the page shows it. */
export interface TranscriptLine {
  /** `agent`: the model's text; `tool-use`: a tool it called; `tool-result`: what came back; `end`: how the run ended. */
  kind: 'agent' | 'tool-use' | 'tool-result' | 'end'
  text: string
}

/** The question the agent's ask_user tool puts to the person. */
export const FILE_QUESTION = 'Which file should I save your note to?'

/**
 * Asks the person through Parley from inside the agent's tool node:
 * `askUser()` is an interrupt, so the graph pauses, checkpointed, until the
 * card is answered, and runs this tool again with the answer.
 */
const askUserTool = tool(
  async ({ question, options }) => {
    const answer = askUser([
      { id: 'choice', question, options: options.map((label) => ({ label })) },
    ])
    const [item] = answer.answers
    return item?.custom ?? item?.selected.join(', ') ?? 'no answer'
  },
  {
    name: 'ask_user',
    description: 'Asks the person to choose one of a few options.',
    schema: z.object({ question: z.string(), options: z.array(z.string()).min(2) }),
  },
)

/** Saves a note (in memory here); the human-in-the-loop middleware asks before every call. */
function saveNoteTool(saved: { path: string; text: string }[]) {
  return tool(
    async ({ path, text }) => {
      saved.push({ path, text })
      return `Saved "${text}" to ${path}`
    },
    {
      name: 'save_note',
      description: 'Saves a text note to a file.',
      schema: z.object({ path: z.string().describe('the file name'), text: z.string() }),
    },
  )
}

/**
 * The scripted model of this demo, LangChain's own `fakeModel()`: it asks
 * where to save the note, then saves the note there, then says what the tool
 * told it. Each turn is decided from the messages so far, as a model would.
 */
function scriptedModel(note: string) {
  const turn = (messages: BaseMessage[]) => {
    const results = messages.filter((message) => message.type === 'tool')
    const last = results.at(-1)
    if (!last)
      return new AIMessage({
        content: '',
        tool_calls: [
          {
            id: 'call_ask',
            name: 'ask_user',
            args: { question: FILE_QUESTION, options: ['notes.md', 'todo.md'] },
          },
        ],
      })
    if (last.name === 'ask_user')
      return new AIMessage({
        content: '',
        tool_calls: [
          { id: 'call_save', name: 'save_note', args: { path: String(last.content), text: note } },
        ],
      })
    return new AIMessage(`Done. The tool said: ${String(last.content)}`)
  }
  // One scripted turn per model call; a run makes three (four is room to spare).
  return fakeModel().respond(turn).respond(turn).respond(turn).respond(turn)
}

const checkpointer = new MemorySaver()
let runs = 0

function linesOf(messages: BaseMessage[]): TranscriptLine[] {
  return messages.flatMap((message): TranscriptLine[] => {
    if (message.type === 'tool')
      return [{ kind: 'tool-result', text: `${message.name}: ${String(message.content)}` }]
    if (message.type !== 'ai') return []
    const calls = message instanceof AIMessage ? (message.tool_calls ?? []) : []
    const uses = calls.map(
      (call): TranscriptLine => ({
        kind: 'tool-use',
        text: `${call.name} ${JSON.stringify(call.args)}`,
      }),
    )
    const text = typeof message.content === 'string' ? message.content : ''
    return text === '' ? uses : [{ kind: 'agent', text }, ...uses]
  })
}

/**
 * Runs a fresh agent on the note for a new thread and answers its
 * interrupts through Parley (`runWithParley`): the ask_user tool's question
 * as it is, and the middleware's save_note approval as a card with Approve,
 * Edit (its arguments and their JSON Schema) and Reject.
 */
export async function runAgent(
  service: UserQuestionService,
  { note, sessionId, signal }: { note: string; sessionId: string; signal: AbortSignal },
): Promise<TranscriptLine[]> {
  const saved: { path: string; text: string }[] = []
  const saveNote = saveNoteTool(saved)
  const agent = createAgent({
    model: scriptedModel(note),
    tools: [askUserTool, saveNote],
    checkpointer,
    middleware: [humanInTheLoopMiddleware({ interruptOn: { save_note: true } })],
  })
  runs += 1
  try {
    const state = await runWithParley(
      agent,
      { messages: [{ role: 'user', content: note }] },
      { service, threadId: `run-${runs}`, sessionId, signal, tools: [saveNote] },
    )
    return [...linesOf(state.messages), { kind: 'end', text: 'The agent finished.' }]
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error)
    return [{ kind: 'end', text: `The run stopped: ${said}` }]
  }
}
