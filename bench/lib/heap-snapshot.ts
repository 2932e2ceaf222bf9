/**
 * A renderer's heap after forced garbage collection, from a DevTools heap
 * snapshot: bytes and counts by kind of object (V8's objects and Blink's, the
 * DOM included), so what grew can be named.
 */
import type { CDPSession } from 'playwright'

/** Bytes and count of one kind, e.g. `object:Object`, `native:HTMLDivElement`, `(string)`. */
export interface Kind {
  count: number
  bytes: number
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } }
  nodes: number[]
  strings: string[]
}

/** Kinds of node whose name says nothing across snapshots (each string is its own name). */
const BY_TYPE = new Set(['string', 'concatenated string', 'sliced string', 'code', 'number'])

/**
 * Not what a user's browser keeps for the page: V8's compiled code (it keeps
 * tiering hot functions up for hundreds of batches, and drops code under
 * pressure) and DevTools' records of the requests it watches for Playwright.
 */
function countsAsRetained(kind: string): boolean {
  return kind !== '(code)' && kind !== 'native:blink::NetworkResourcesData::ResourceData'
}

/** Forces three full GCs, then snapshots the heap and sums it by kind. */
export async function heapKinds(cdp: CDPSession): Promise<Map<string, Kind>> {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage')
  const chunks: string[] = []
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  }
  const { snapshot, nodes, strings } = JSON.parse(chunks.join('')) as Snapshot
  const fields = snapshot.meta.node_fields
  const types = snapshot.meta.node_types[0]
  const [type, name, size] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field))
  if (type === undefined || name === undefined || size === undefined || type < 0)
    throw new Error('unexpected heap snapshot layout')
  const kinds = new Map<string, Kind>()
  for (let at = 0; at < nodes.length; at += fields.length) {
    const kindType = types[nodes[at + type] ?? 0] ?? '?'
    const key = BY_TYPE.has(kindType)
      ? `(${kindType === 'code' || kindType === 'number' ? kindType : 'string'})`
      : `${kindType}:${strings[nodes[at + name] ?? 0]?.slice(0, 60)}`
    const kind = kinds.get(key) ?? { count: 0, bytes: 0 }
    kind.count++
    kind.bytes += nodes[at + size] ?? 0
    kinds.set(key, kind)
  }
  return kinds
}

/** The bytes that count as the page's retained memory. */
export function retainedBytes(kinds: Map<string, Kind>): number {
  let total = 0
  for (const [key, kind] of kinds) if (countsAsRetained(key)) total += kind.bytes
  return total
}

/** The `top` kinds that grew most from `before` to `after`, as `kind +N KiB (+count)`. */
export function grewMost(before: Map<string, Kind>, after: Map<string, Kind>, top: number) {
  return [...after]
    .filter(([key]) => countsAsRetained(key))
    .map(([key, kind]) => {
      const was = before.get(key) ?? { count: 0, bytes: 0 }
      return { key, bytes: kind.bytes - was.bytes, count: kind.count - was.count }
    })
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top)
    .map((kind) => `${kind.key} +${(kind.bytes / 1024).toFixed(1)} KiB (+${kind.count})`)
    .join(', ')
}
