/** The operator's view: who answered or approved what, when and where (`/admin`). */
import { useCallback, useEffect, useState } from 'react'
import { MoonIcon, SunIcon } from '../components/icons.tsx'
import { useRoute } from '../router.ts'
import { useTheme } from '../theme.ts'
import { AdminError, type AdminFilters } from './admin-api.ts'
import { QuestionRecord } from './question-record.tsx'
import { QuestionTable } from './question-table.tsx'
import { useAdminToken } from './token.ts'
import { TokenForm } from './token-form.tsx'

function AdminOff() {
  return (
    <section className="admin-panel" aria-labelledby="admin-off">
      <h2 id="admin-off">The operator’s view is off on this host</h2>
      <p>
        It lists every question on record, so it needs its own token. Start the demo host with{' '}
        <code>PARLEY_ADMIN_TOKEN</code> set to a long random value (16 characters at least), then
        reload this page and enter it:
      </p>
      <pre>
        <code>PARLEY_ADMIN_TOKEN=$(openssl rand -base64 32) pnpm demo</code>
      </pre>
    </section>
  )
}

export function AdminApp() {
  const route = useRoute()
  const { theme, toggle } = useTheme()
  const { token, remember, forget } = useAdminToken()
  const rpcId = route.name === 'admin' ? route.rpcId : undefined
  /** What the host said of the last token: refused (401), or the routes are off (404). */
  const [filters, setFilters] = useState<AdminFilters>({ outcome: '', session: '' })
  const [verdict, setVerdict] = useState<'refused' | 'off' | null>(null)

  useEffect(() => {
    document.title = 'Operator’s view · Parley'
  }, [])

  /** A refused token is dropped, and the form says so; routes that are off say how to turn them on. */
  const onError = useCallback(
    (error: unknown) => {
      if (!(error instanceof AdminError)) return
      if (error.status !== 401 && error.code !== 'ADMIN_OFF') return
      setVerdict(error.status === 401 ? 'refused' : 'off')
      forget()
    },
    [forget],
  )

  return (
    <div className="admin">
      <header className="topbar">
        <h1 className="topbar-title">Operator’s view</h1>
        <a className="button button-ghost button-sm admin-home" href="/">
          Back to the chats
        </a>
        {token !== null && (
          <button type="button" className="button button-ghost button-sm" onClick={forget}>
            Forget the token
          </button>
        )}
        <button
          type="button"
          className="icon-button theme-toggle admin-theme"
          aria-label="Dark theme"
          aria-pressed={theme === 'dark'}
          title={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          onClick={toggle}
        >
          {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
        </button>
      </header>
      <main className="admin-main">
        {verdict === 'off' && token === null ? (
          <AdminOff />
        ) : token === null ? (
          <TokenForm
            refused={verdict === 'refused'}
            onToken={(next) => {
              setVerdict(null)
              remember(next)
            }}
          />
        ) : rpcId ? (
          <QuestionRecord token={token} rpcId={rpcId} onError={onError} />
        ) : (
          <QuestionTable
            token={token}
            filters={filters}
            setFilters={setFilters}
            onError={onError}
          />
        )}
      </main>
    </div>
  )
}
