import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Options, query, type SDKMessage } from '@anthropic-ai/claude-agent-sdk'
import { createCanUseTool } from '@parley/claude-agent-sdk'
import type { UserQuestionService } from '@parley/seam'

/** One line of what happened in a run, as the page shows it. */
export interface TranscriptLine {
  /** `claude`: Claude's text; `tool-use`: a tool it called; `tool-result`: what came back; `end`: how the run ended. */
  kind: 'claude' | 'tool-use' | 'tool-result' | 'end'
  text: string
}

/** How this app runs Claude Code: where, with which environment. */
export interface ClaudeSetup {
  /** The folder Claude works in. @default a fresh temporary folder per run */
  cwd?: string | undefined
  /** The environment of the Claude Code process (`ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`, `HOME`, `PATH`). */
  env: Record<string, string | undefined>
}

/**
 * The tools this demo gives Claude. AskUserQuestion is how it asks; Bash,
 * Write and Edit ask permission first, so they come to the page as approval
 * cards; Read, Glob and Grep inside the working folder do not.
 */
const TOOLS = ['AskUserQuestion', 'Bash', 'Read', 'Write', 'Edit', 'Glob', 'Grep']

function linesOf(message: SDKMessage): TranscriptLine[] {
  if (message.type === 'assistant')
    return message.message.content.flatMap((block): TranscriptLine[] => {
      if (block.type === 'text') return [{ kind: 'claude', text: block.text }]
      if (block.type === 'tool_use') return [{ kind: 'tool-use', text: block.name }]
      return []
    })
  if (message.type === 'user' && Array.isArray(message.message.content))
    return message.message.content.flatMap((block): TranscriptLine[] => {
      if (typeof block !== 'object' || block.type !== 'tool_result') return []
      const content = block.content
      const text =
        typeof content === 'string'
          ? content
          : (content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('')
      return [{ kind: 'tool-result', text }]
    })
  if (message.type === 'result')
    return [
      {
        kind: 'end',
        text: message.subtype === 'success' ? 'Claude finished.' : 'Claude stopped.',
      },
    ]
  return []
}

/**
 * Runs Claude Code on `prompt` with the SDK's real `query()`, every question
 * and permission request going to the person in Parley session `sessionId`
 * (`createCanUseTool`). Resolves with the run's transcript; a run the person
 * stopped ("Deny and stop") ends with "Claude stopped." rather than a throw.
 */
export async function runClaude(
  service: UserQuestionService,
  setup: ClaudeSetup,
  { prompt, sessionId, signal }: { prompt: string; sessionId: string; signal: AbortSignal },
): Promise<TranscriptLine[]> {
  const abortController = new AbortController()
  const stop = () => abortController.abort()
  signal.addEventListener('abort', stop, { once: true })
  const options: Options = {
    cwd: setup.cwd ?? (await mkdtemp(join(tmpdir(), 'parley-claude-'))),
    env: setup.env,
    // Only what this app says: no user, project or local settings files, no
    // saved session, and Bash, Write and Edit ask before they run.
    settingSources: [],
    permissionMode: 'default',
    persistSession: false,
    tools: TOOLS,
    maxTurns: 20,
    abortController,
    canUseTool: createCanUseTool(service, { sessionId }),
  }
  const transcript: TranscriptLine[] = []
  try {
    for await (const message of query({ prompt, options })) transcript.push(...linesOf(message))
  } catch (error) {
    // An interrupt ("Deny and stop") ends the run with an error result, which
    // the SDK throws after yielding it; the transcript already says so.
    if (transcript.at(-1)?.kind !== 'end') {
      const said = error instanceof Error ? error.message : String(error)
      transcript.push({ kind: 'end', text: `Claude could not run: ${said}` })
    }
  } finally {
    signal.removeEventListener('abort', stop)
  }
  return transcript
}
