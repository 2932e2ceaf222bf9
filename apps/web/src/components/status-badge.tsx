import type { SessionStatus } from '../api/types.ts'

const LABEL: Record<Exclude<SessionStatus, 'idle'>, string> = {
  'waiting-for-answer': 'Waiting for answer',
  'plan-review': 'Plan awaiting review',
}

export function StatusBadge({ status }: { status: SessionStatus }) {
  if (status === 'idle') return null
  return (
    <span className="badge" data-status={status}>
      <span className="badge-dot" aria-hidden="true" />
      {LABEL[status]}
    </span>
  )
}
