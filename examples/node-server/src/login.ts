import type { IncomingMessage, ServerResponse } from 'node:http'
import { serialize } from 'cookie'
import { type Authenticator, TOKEN_COOKIE } from './auth.js'
import { readBody } from './http.js'

const FORM = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>Sign in · Parley example</title>
<main>
  <h1>Sign in</h1>
  <form method="post" action="/login">
    <label>Token <input name="token" type="password" autocomplete="current-password" required></label>
    <button>Sign in</button>
  </form>
</main>
</html>
`

function page(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  })
  response.end(html)
}

/**
 * `GET /login` shows a form; `POST /login` with a valid `token` sets the
 * `parley_token` cookie (HttpOnly, SameSite=Strict) and redirects to `/`.
 */
export function createLogin(auth: Authenticator, { secure }: { secure: boolean }) {
  async function signIn(request: IncomingMessage, response: ServerResponse) {
    const token = new URLSearchParams(await readBody(request, 4096)).get('token')
    if (!auth.userOfToken(token) || token === null)
      return page(
        response,
        401,
        FORM.replace('<form', '<p role="alert">Unknown token.</p>\n  <form'),
      )
    const cookie = serialize(TOKEN_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: '/',
      maxAge: 60 * 60 * 24,
    })
    response.writeHead(303, { location: '/', 'set-cookie': cookie, 'cache-control': 'no-store' })
    response.end()
  }

  return function handle(request: IncomingMessage, response: ServerResponse, url: URL): boolean {
    if (url.pathname !== '/login') return false
    if (request.method === 'POST') {
      signIn(request, response).catch(() => page(response, 400, FORM))
      return true
    }
    page(response, 200, FORM)
    return true
  }
}
