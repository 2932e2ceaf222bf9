import { AIMessage, type BaseMessage } from '@langchain/core/messages'
import { fakeModel } from '@langchain/core/testing'
import { MemorySaver } from '@langchain/langgraph'
import { createAgent, humanInTheLoopMiddleware, type InterruptOnConfig, tool } from 'langchain'
import * as z from 'zod'

/** A real `createAgent` with LangChain's HITL middleware, a scripted model and a file tool that records its calls. */
export function agentWith(
  calls: { name: string; args: Record<string, unknown>; id: string }[],
  interruptOn: Record<string, boolean | InterruptOnConfig>,
) {
  const written: { path: string; text: string }[] = []
  const writeFile = tool(
    async ({ path, text }) => {
      written.push({ path, text })
      return `wrote ${text.length} bytes to ${path}`
    },
    {
      name: 'write_file',
      description: 'Writes a text file',
      schema: z.object({ path: z.string(), text: z.string() }),
    },
  )
  const deleteFile = tool(async ({ path }) => `deleted ${path}`, {
    name: 'delete_file',
    description: 'Deletes a file',
    schema: z.object({ path: z.string() }),
  })
  // The model's last turn says what it read back from the tools.
  const model = fakeModel()
    .respondWithTools(calls)
    .respond(
      (messages: BaseMessage[]) =>
        new AIMessage(
          messages
            .filter((message) => message.type === 'tool')
            .map((message) => String(message.content))
            .join(' | '),
        ),
    )
  // langchain 1.5's middleware types do not compile under exactOptionalPropertyTypes (its
  // zod v3 context schema fails @langchain/core's interop check, so the options are `never`
  // and createAgent refuses the middleware); the runtime is unaffected. This repository
  // turns that option on; an app without it needs neither line.
  // @ts-expect-error see above
  const hitl = humanInTheLoopMiddleware({ interruptOn })
  const agent = createAgent({
    model,
    tools: [writeFile, deleteFile],
    checkpointer: new MemorySaver(),
    // @ts-expect-error see above
    middleware: [hitl],
  })
  return { agent, written, tools: [writeFile, deleteFile], model }
}

export const ASK = { messages: [{ role: 'user', content: 'Save my notes' }] }

/** The text of the agent's final message. */
export function lastWords(state: { messages: BaseMessage[] }): string {
  return String(state.messages.at(-1)?.content)
}
