import { useId, useRef, useState } from 'react'

/** Asks for the admin token; it goes to this tab's sessionStorage only. */
export function TokenForm({
  onToken,
  refused,
}: {
  onToken: (token: string) => void
  /** The host refused the token entered before. */
  refused: boolean
}) {
  const id = useId()
  const field = useRef<HTMLInputElement>(null)
  const [empty, setEmpty] = useState(false)
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Enter the admin token</h2>
      <p id={`${id}-hint`}>
        The value the demo host was started with as <code>PARLEY_ADMIN_TOKEN</code> (without it,
        this view is off). It is kept in this tab only, until the tab closes, and sent with each
        request as <code>Authorization: Bearer</code>.
      </p>
      {refused && (
        <p className="admin-error" role="alert">
          The host refused that token. Check it and enter it again.
        </p>
      )}
      <form
        className="admin-token-form"
        onSubmit={(event) => {
          event.preventDefault()
          const token = field.current?.value.trim() ?? ''
          setEmpty(token === '')
          if (token) onToken(token)
        }}
      >
        <label htmlFor={`${id}-token`}>Admin token</label>
        <input
          ref={field}
          id={`${id}-token`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-hint${empty ? ` ${id}-error` : ''}`}
          aria-invalid={empty || undefined}
        />
        <button type="submit" className="button button-primary">
          Open the log
        </button>
        {empty && (
          <p id={`${id}-error`} className="admin-error">
            Enter the token first.
          </p>
        )}
      </form>
    </section>
  )
}
