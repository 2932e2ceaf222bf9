// Part of the intent views' chunk: imports nothing the eager chunk holds but
// React and `displayText` (a chunk of its own already).
import type { AskUserQuestionItem } from '@parley/seam'
import type { ReactNode } from 'react'
import { displayText } from '../text/display-text.ts'
import type { ApprovalWords as Words } from './approval-words.ts'

const part = (name: string) => ({ 'data-scope': 'question-composer', 'data-part': name })
const UTF8 = new TextEncoder()

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** A value as one readable string: text as written, anything else as JSON. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value
  return JSON.stringify(value, null, 2) ?? String(value)
}

const linesOf = (value: string) => (value === '' ? [] : value.split(/\r?\n/))

function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div {...part('approval-field')}>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** An Edit: the text replaced, then its replacement, line by line. */
function Diff({ before, after }: { before: string; after: string }) {
  return (
    <pre {...part('approval-diff')} dir="ltr">
      <code>
        {linesOf(before).map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are addressed by position
          <del key={`-${index}`}>{`- ${displayText(line)}\n`}</del>
        ))}
        {linesOf(after).map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are addressed by position
          <ins key={`+${index}`}>{`+ ${displayText(line)}\n`}</ins>
        ))}
      </code>
    </pre>
  )
}

/** What the call does, by tool: a command, an edit, a file written, or its arguments. */
function Call({
  tool,
  input,
  words,
}: {
  tool: string
  input: Record<string, unknown>
  words: Words
}) {
  const path = text(input.file_path)
  const command = text(input.command)
  if (tool === 'Bash' && command !== undefined)
    return (
      <Field name={words.command}>
        <pre {...part('approval-code')} dir="ltr">
          <code>{displayText(command)}</code>
        </pre>
      </Field>
    )
  const before = text(input.old_string)
  const after = text(input.new_string)
  if (tool === 'Edit' && path !== undefined && before !== undefined && after !== undefined)
    return (
      <>
        <Field name={words.file}>
          <code dir="ltr">{displayText(path)}</code>
        </Field>
        <Field name={words.change}>
          <Diff before={before} after={after} />
        </Field>
      </>
    )
  const content = text(input.content)
  if (tool === 'Write' && path !== undefined && content !== undefined)
    return (
      <Field name={words.file}>
        <code dir="ltr">{displayText(path)}</code>{' '}
        <span {...part('approval-size')}>
          {words.content(linesOf(content).length, UTF8.encode(content).byteLength)}
        </span>
      </Field>
    )
  const entries = Object.entries(input)
  if (entries.length === 0) return <p {...part('approval-empty')}>{words.none}</p>
  return (
    <Field name={words.args}>
      <table {...part('approval-args')}>
        <tbody>
          {entries.map(([key, value]) => (
            <tr key={key}>
              <th scope="row">{displayText(key)}</th>
              <td>
                <code dir="auto">{displayText(shown(value))}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Field>
  )
}

/**
 * The tool call an approval asks about, readably: a Bash command as code, an
 * Edit as the lines it removes and adds, a Write's path and size, any other
 * tool's (an MCP tool's) arguments as a table.
 */
export function ApprovalCall({ question, words }: { question: AskUserQuestionItem; words: Words }) {
  const tool = question.intent?.tool ?? ''
  const input = isRecord(question.intent?.input) ? question.intent.input : {}
  return (
    <dl {...part('approval-call')} data-tool={tool}>
      <Field name={words.tool}>
        <code dir="ltr">{displayText(tool)}</code>
      </Field>
      <Call tool={tool} input={input} words={words} />
    </dl>
  )
}
