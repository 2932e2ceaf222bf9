import { type Frame, user } from './harness.ts'

export const ADMIN_TOKEN = 'admin-token-for-these-tests-only'

/** A GET of an admin route with the token (or `token`) as a bearer. */
export async function adminGet(base: string, path: string, token: string | null = ADMIN_TOKEN) {
  const response = await fetch(base + path, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text,
  }
}

/** The rows of the first page, as [rpcId, status] pairs. */
export async function listed(base: string, query = '') {
  const page = await adminGet(base, `/api/admin/questions${query}`)
  if (page.status !== 200)
    throw new Error(`listing answered ${page.status}: ${JSON.stringify(page.body)}`)
  return page.body.questions.map((row: Frame) => [row.rpcId, row.status])
}

/**
 * A person with a chat and its tab open (on `base`, or as `person` on
 * another node), who is asked one question through the test API (on
 * `askOn`) and sees it arrive.
 */
export async function askedPerson(base: string, question: string, askOn = base) {
  const person = user(base)
  const sessionId = await person.newSession()
  const tab = await person.openMux()
  await tab.next((frame) => frame.type === 'mux/ready')
  const asker = user(askOn, person.cookie)
  const started = await asker.request('/api/test/ask', {
    method: 'POST',
    json: {
      sessionId,
      questions: [
        {
          id: 'colour',
          question,
          detail: 'For the **banner**.',
          options: [{ label: 'Teal' }, { label: 'Amber' }],
        },
      ],
    },
  })
  if (started.status !== 202) throw new Error(`the ask was refused: ${started.status}`)
  const asked = await tab.next((frame) => frame.type === 'question/requested')
  const answer = (selected: string[], custom?: string) =>
    person.request('/api/respond', {
      method: 'POST',
      json: {
        rpcId: asked.rpcId,
        sessionId,
        result: {
          ok: true,
          answer: { answers: [{ id: 'colour', selected, ...(custom && { custom }) }] },
        },
      },
    })
  const cancel = () =>
    person.request('/api/respond', {
      method: 'POST',
      json: { rpcId: asked.rpcId, sessionId, result: { ok: false, error: { code: 'cancelled' } } },
    })
  return { person, sessionId, tab, rpcId: String(asked.rpcId), answer, cancel }
}
