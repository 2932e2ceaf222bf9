import { Logo } from './icons.tsx'

const SUGGESTIONS = [
  { text: 'Start a new project', hint: 'Three questions: single, multi and free text' },
  { text: '/plan', hint: 'Review a plan before the agent starts' },
  { text: '/many', hint: 'A batch of ten quick questions' },
  { text: '/team', hint: 'A planner and two subagents ask at once' },
] as const

export function EmptyState({
  onPick,
  disabled,
}: {
  onPick: (text: string) => void
  disabled: boolean
}) {
  return (
    <div className="empty">
      <Logo />
      <h2 className="empty-title">What are we working on?</h2>
      <p className="empty-text">
        This agent is scripted. When it needs a decision, it asks you, and the question takes over
        the chat input until you answer.
      </p>
      <ul className="chips" aria-label="Suggestions">
        {SUGGESTIONS.map((suggestion) => (
          <li key={suggestion.text}>
            <button
              type="button"
              className="chip"
              title={suggestion.hint}
              disabled={disabled}
              onClick={() => onPick(suggestion.text)}
            >
              {suggestion.text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
