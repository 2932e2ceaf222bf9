import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AdminApp } from '../src/admin/admin-app.tsx'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

let replies: Response[] = []
const fetched: { url: string; authorization: string | null }[] = []

beforeEach(() => {
  replies = []
  fetched.length = 0
  sessionStorage.clear()
  window.history.replaceState(null, '', '/admin')
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  }))
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    fetched.push({ url, authorization: new Headers(init.headers).get('authorization') })
    const reply = replies.shift()
    if (!reply) throw new Error(`No reply left for ${url}`)
    return reply
  })
})
afterEach(() => vi.unstubAllGlobals())

function renderAdmin() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <AdminApp />
    </QueryClientProvider>,
  )
}

async function enterToken(token: string) {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('Admin token', { selector: 'input' }), `${token}{Enter}`)
}

const approval = {
  id: 'run',
  question: 'Allow the assistant to edit this file?',
  options: [{ label: 'Allow' }, { label: 'Edit first' }, { label: 'Deny' }],
  intent: {
    kind: 'approval',
    tool: 'Edit',
    input: { file: 'a.txt' },
    allow: 'Allow',
    edit: 'Edit first',
    deny: 'Deny',
  },
}

describe('the operator’s view', () => {
  it('sends the token as a bearer, never in the address, and forgets one the host refuses', async () => {
    renderAdmin()
    replies.push(
      json(401, { error: { code: 'ADMIN_TOKEN_INVALID', message: 'The admin token is wrong.' } }),
    )
    await enterToken('a-wrong-token-of-some-length')
    expect(await screen.findByRole('alert')).toHaveTextContent('The host refused that token.')
    expect(fetched).toEqual([
      { url: '/api/admin/questions', authorization: 'Bearer a-wrong-token-of-some-length' },
    ])
    expect(sessionStorage.getItem('parley-admin-token')).toBeNull()
    expect(screen.getByLabelText('Admin token', { selector: 'input' })).toBeInTheDocument()
  })

  it('says how to turn the view on when the host has no admin token', async () => {
    renderAdmin()
    replies.push(json(404, { error: { code: 'ADMIN_OFF', message: 'The admin routes are off.' } }))
    await enterToken('any-token-at-all-here')
    expect(
      await screen.findByRole('heading', { name: 'The operator’s view is off on this host' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText(/PARLEY_ADMIN_TOKEN=\$\(openssl rand -base64 32\) pnpm demo/),
    ).toBeInTheDocument()
  })

  it('reads an approval whose edited arguments the log did not keep as an edit, not a deny, and lists its changes', async () => {
    sessionStorage.setItem('parley-admin-token', 'the-right-token-here')
    window.history.replaceState(null, '', '/admin?q=rpc-1')
    replies.push(
      json(200, {
        question: {
          status: 'answered',
          rpcId: 'rpc-1',
          sessionId: 's-1',
          questions: [approval],
          answer: { answers: [{ id: 'run', selected: ['Edit first'], redacted: true }] },
          by: { principal: 'p-1', client: 'Firefox on Linux' },
          where: { node: 'node-a', transport: 'sse' },
          at: { asked: 1_000, shown: 2_000, ended: 3_000 },
        },
        amendments: [
          {
            revision: 1,
            changed: ['run'],
            answer: { answers: [{ id: 'run', selected: ['Deny'] }] },
            by: { principal: 'p-1', client: 'Firefox on Linux' },
            where: { node: 'node-b' },
            at: { amended: 4_000 },
          },
        ],
      }),
    )
    renderAdmin()
    const shown = await screen.findByRole('article', { name: approval.question })
    expect(
      within(shown).getByText(
        'Allowed with edited arguments (the arguments are not kept in the log)',
      ),
    ).toBeInTheDocument()
    expect(
      within(shown).getByText('Edit first, typed text (not kept in the log)'),
    ).toBeInTheDocument()
    expect(screen.getByText('p-1 · Firefox on Linux')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: approval.question })).toHaveFocus()
    const changes = screen.getByRole('region', { name: 'Changes to the answer' })
    expect(within(changes).getByText(/^Revision 1,/)).toHaveTextContent(
      /^Revision 1, .+, by p-1 · Firefox on Linux \(node-b\)$/,
    )
    expect(within(changes).getByText(`${approval.question}: Deny`)).toBeInTheDocument()
  })
})
