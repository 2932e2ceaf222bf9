import { toJsonSchema } from '@langchain/core/utils/json_schema'
import { isInteropZodSchema } from '@langchain/core/utils/types'

/** A tool as the runner reads it: its name and its arguments' schema (Zod or JSON Schema). */
export interface ToolWithSchema {
  name: string
  schema?: unknown
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The JSON Schema of a tool's arguments, by tool name, when the tool declares one. */
export function schemaOfTools(
  tools: readonly ToolWithSchema[],
): (tool: string) => Record<string, unknown> | undefined {
  const schemas = new Map<string, Record<string, unknown>>()
  for (const tool of tools) {
    const { schema } = tool
    let json: unknown
    try {
      json = isInteropZodSchema(schema) ? toJsonSchema(schema) : schema
    } catch {
      json = undefined
    }
    if (isRecord(json)) schemas.set(tool.name, json)
  }
  return (tool) => schemas.get(tool)
}
