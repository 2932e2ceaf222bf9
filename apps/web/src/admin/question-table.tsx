/** Every question on record, newest first (the waiting ones on top), with filters. */
import { displayText } from '@parley/react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { Spinner } from '../components/icons.tsx'
import { adminQuestionHref, followLink } from '../router.ts'
import { ADMIN_STATUSES, type AdminFilters, type AdminRow, adminApi } from './admin-api.ts'
import { actorText, formatTime, placeText, STATUS_LABEL } from './format.ts'

export function Time({ ms }: { ms: number | undefined }) {
  if (ms === undefined) return <>—</>
  const { text, iso } = formatTime(ms)
  return <time dateTime={iso}>{text}</time>
}

export function StatusTag({ status }: { status: AdminRow['status'] }) {
  return (
    <span className="admin-status" data-status={status}>
      {STATUS_LABEL[status]}
    </span>
  )
}

function Row({ row }: { row: AdminRow }) {
  const more = row.questionCount - 1
  return (
    <tr>
      <th scope="row">
        <a href={adminQuestionHref(row.rpcId)} onClick={(event) => followLink(event)} dir="auto">
          {displayText(row.title)}
        </a>
        {more > 0 && <span className="admin-more"> and {more} more</span>}
        {row.intents.length > 0 && (
          <span className="admin-intents"> · {row.intents.join(', ')}</span>
        )}
      </th>
      <td>
        <StatusTag status={row.status} />
      </td>
      <td className="admin-id">{row.sessionId}</td>
      <td>
        <Time ms={row.at.asked} />
      </td>
      <td>
        <Time ms={row.at.ended} />
      </td>
      <td dir="auto">{actorText(row.by)}</td>
      <td>{placeText(row.where)}</td>
    </tr>
  )
}

function captionOf(filters: AdminFilters): string {
  const parts = [
    filters.outcome && STATUS_LABEL[filters.outcome].toLowerCase(),
    filters.session && `in session ${filters.session}`,
  ].filter(Boolean)
  return `Questions, newest first${parts.length ? `: ${parts.join(', ')}` : ''}`
}

export function QuestionTable({
  token,
  filters,
  setFilters,
  onError,
}: {
  token: string
  /** Kept by the page, so they stand when the operator comes back from a record. */
  filters: AdminFilters
  setFilters: (change: (current: AdminFilters) => AdminFilters) => void
  onError: (error: unknown) => void
}) {
  const id = useId()
  const [sessionDraft, setSessionDraft] = useState(filters.session)
  const list = useInfiniteQuery({
    queryKey: ['admin', 'list', token, filters],
    queryFn: ({ pageParam }) => adminApi.list(token, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
    // Live questions come and go: the list reads itself again while the page is shown.
    refetchInterval: 10_000,
  })
  useEffect(() => {
    if (list.error) onError(list.error)
  }, [list.error, onError])
  const rows = list.data?.pages.flatMap((page) => page.questions) ?? []

  return (
    <div className="admin-list">
      <search aria-label="Filter the questions">
        <form
          className="admin-filters"
          onSubmit={(event) => {
            event.preventDefault()
            setFilters((current) => ({ ...current, session: sessionDraft.trim() }))
          }}
        >
          <div className="admin-field">
            <label htmlFor={`${id}-outcome`}>Outcome</label>
            <select
              id={`${id}-outcome`}
              value={filters.outcome}
              onChange={(event) => {
                const value = event.currentTarget.value
                const outcome = ADMIN_STATUSES.find((status) => status === value) ?? ''
                setFilters((current) => ({ ...current, outcome }))
              }}
            >
              <option value="">Any</option>
              {ADMIN_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABEL[status]}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-session`}>Session id</label>
            <input
              id={`${id}-session`}
              type="search"
              value={sessionDraft}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => setSessionDraft(event.currentTarget.value)}
            />
          </div>
          <button type="submit" className="button button-secondary">
            Filter
          </button>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => void list.refetch()}
            disabled={list.isFetching}
          >
            Refresh
          </button>
        </form>
      </search>
      <p className="admin-count" role="status">
        {list.isPending
          ? 'Loading…'
          : list.isError
            ? ''
            : `${rows.length} ${rows.length === 1 ? 'question' : 'questions'} shown`}
      </p>
      {list.isError && (
        <p className="admin-error" role="alert">
          The list could not be read: {list.error.message}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table" aria-busy={list.isPending || undefined}>
          <caption>{captionOf(filters)}</caption>
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">Outcome</th>
              <th scope="col">Session</th>
              <th scope="col">Asked</th>
              <th scope="col">Ended</th>
              <th scope="col">By</th>
              <th scope="col">Where</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Row key={row.rpcId} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      {list.isSuccess && rows.length === 0 && (
        <p className="admin-empty">No question on record matches.</p>
      )}
      {list.hasNextPage && (
        <button
          type="button"
          className="button button-secondary admin-older"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? <Spinner /> : null}
          Load older questions
        </button>
      )}
    </div>
  )
}
