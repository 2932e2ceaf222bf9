import type { Client } from '@modelcontextprotocol/sdk/client/index.js'

/**
 * Which clients have a Parley elicitation open right now. MCP carries no
 * link from an `elicitation/create` to the client's request that caused it
 * (the SDK's `relatedRequestId` only picks the server's HTTP stream), so
 * the pendency is counted per client: while any of its elicitations is open
 * the server is plainly alive, and `humanPacedCallTool` holds its timeout.
 */
interface Pendency {
  open: number
  listeners: Set<(open: number) => void>
}

const pendencies = new WeakMap<Client, Pendency>()

function pendencyOf(client: Client): Pendency {
  let pendency = pendencies.get(client)
  if (pendency === undefined) {
    pendency = { open: 0, listeners: new Set() }
    pendencies.set(client, pendency)
  }
  return pendency
}

function announce(pendency: Pendency): void {
  for (const listener of pendency.listeners) listener(pendency.open)
}

/** Counts one elicitation as open on `client`; the returned function closes it (once). */
export function openElicitation(client: Client): () => void {
  const pendency = pendencyOf(client)
  pendency.open += 1
  announce(pendency)
  let closed = false
  return () => {
    if (closed) return
    closed = true
    pendency.open -= 1
    announce(pendency)
  }
}

/**
 * Calls `listener` with the number of open elicitations on `client`, now
 * and on every change, until the returned function is called.
 */
export function watchElicitations(client: Client, listener: (open: number) => void): () => void {
  const pendency = pendencyOf(client)
  pendency.listeners.add(listener)
  listener(pendency.open)
  return () => pendency.listeners.delete(listener)
}
