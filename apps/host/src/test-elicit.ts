import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import { humanPacedRequestOptions, registerElicitationHandler } from '@parley/mcp'
import type { UserQuestionService } from '@parley/seam'

/** What `POST /api/test/elicit` takes: a form-mode elicitation for a chat session. */
export interface TestElicitation {
  sessionId: string
  message: string
  requestedSchema: Record<string, unknown>
  decline?: boolean
}

/**
 * The test API's MCP elicitation: an MCP server (in this process, over the
 * SDK's in-memory transport) asks an MCP client whose elicitations Parley
 * answers through the demo's own service, so the form shows in the chat's
 * tabs. Resolves with what the server receives.
 */
export async function elicitThroughParley(
  service: UserQuestionService,
  input: TestElicitation,
): Promise<ElicitResult> {
  const server = new Server(
    { name: 'demo-tables', title: 'Table booking', version: '1.0.0' },
    { capabilities: {} },
  )
  const client = new Client({ name: 'parley-demo', version: '0.1.0' })
  registerElicitationHandler(client, service, {
    sessionId: input.sessionId,
    ...(input.decline === false && { decline: false }),
  })
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair()
  await Promise.all([server.connect(serverSide), client.connect(clientSide)])
  try {
    return await server.elicitInput(
      {
        mode: 'form',
        message: input.message,
        requestedSchema: input.requestedSchema as never,
      },
      humanPacedRequestOptions(),
    )
  } finally {
    await client.close()
    await server.close()
  }
}
