/**
 * A JSON document as a tree that can say what `JSON.stringify` cannot:
 * duplicate keys, `__proto__` as a plain key, raw (malformed or deep) text.
 */
export type JsonNode =
  | null
  | boolean
  | number
  | string
  | { arr: JsonNode[] }
  | { obj: [string, JsonNode][] }
  | { raw: string }

function isArr(node: JsonNode): node is { arr: JsonNode[] } {
  return typeof node === 'object' && node !== null && 'arr' in node
}

function isObj(node: JsonNode): node is { obj: [string, JsonNode][] } {
  return typeof node === 'object' && node !== null && 'obj' in node
}

/** The tree of a plain JSON value. */
export function toTree(value: unknown): JsonNode {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value
  if (typeof value === 'number') return value
  if (Array.isArray(value)) return { arr: value.map(toTree) }
  if (typeof value === 'object')
    return { obj: Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toTree(v)]) }
  return null
}

/** Writes the tree as JSON text, keeping every key as written. */
export function writeTree(node: JsonNode): string {
  if (node === null || typeof node === 'boolean') return String(node)
  if (typeof node === 'number') return Number.isFinite(node) ? JSON.stringify(node) : 'null'
  if (typeof node === 'string') return JSON.stringify(node)
  if ('raw' in node) return node.raw
  if ('arr' in node) return `[${node.arr.map(writeTree).join(',')}]`
  return `{${node.obj.map(([key, value]) => `${JSON.stringify(key)}:${writeTree(value)}`).join(',')}}`
}

/** A place in the tree: the container and the index of the child in it. */
export interface Slot {
  parent: { arr: JsonNode[] } | { obj: [string, JsonNode][] }
  index: number
}

/** Every child slot of the tree, depth first (the root itself has none). */
export function slotsOf(node: JsonNode, into: Slot[] = []): Slot[] {
  if (isArr(node))
    node.arr.forEach((child, index) => {
      into.push({ parent: node, index })
      slotsOf(child, into)
    })
  else if (isObj(node))
    node.obj.forEach(([, child], index) => {
      into.push({ parent: node, index })
      slotsOf(child, into)
    })
  return into
}

/** Every object in the tree, the root included. */
export function objectsOf(node: JsonNode, into: { obj: [string, JsonNode][] }[] = []) {
  if (isObj(node)) {
    into.push(node)
    for (const [, child] of node.obj) objectsOf(child, into)
  } else if (isArr(node)) for (const child of node.arr) objectsOf(child, into)
  return into
}

export function replaceAt(slot: Slot, value: JsonNode): void {
  if ('arr' in slot.parent) slot.parent.arr[slot.index] = value
  else {
    const entry = slot.parent.obj[slot.index]
    if (entry) entry[1] = value
  }
}

export function deleteAt(slot: Slot): void {
  if ('arr' in slot.parent) slot.parent.arr.splice(slot.index, 1)
  else slot.parent.obj.splice(slot.index, 1)
}
