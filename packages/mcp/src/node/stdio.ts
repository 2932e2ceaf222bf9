import type { Readable, Writable } from 'node:stream'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'

/** What the helpers serve: the SDK's `Server` or `McpServer`. */
export interface McpServerLike {
  connect(transport: Transport): Promise<void>
  close(): Promise<void>
}

/** The streams of a stdio server. @default process.stdin and process.stdout */
export interface StdioStreams {
  stdin?: Readable
  stdout?: Writable
}

/**
 * Serves `server` over stdio, the transport an MCP host uses when it starts
 * the server as a child process. Stdout then carries JSON-RPC only: log to
 * stderr. Resolves once the server listens; `close()` stops it.
 */
export async function serveOverStdio(
  server: McpServerLike,
  streams: StdioStreams = {},
): Promise<{ close(): Promise<void> }> {
  const transport = new StdioServerTransport(streams.stdin, streams.stdout)
  await server.connect(transport)
  return { close: () => server.close() }
}
