import { fileURLToPath } from 'node:url'
import { createServer, type ViteDevServer } from 'vite'
import { expect, test } from './support/fixtures.ts'

// The demo web app on Vite's dev server, proxying /api (and its WebSocket) to
// the demo host, as `pnpm dev` does. With `changeOrigin: true` the proxy
// rewrites Host, so the host refuses the page's origin: the banner must say
// so instead of "connecting" forever.

const webRoot = fileURLToPath(new URL('../apps/web', import.meta.url))

async function devServer(target: string, changeOrigin: boolean): Promise<ViteDevServer> {
  const server = await createServer({
    root: webRoot,
    configFile: `${webRoot}/vite.config.ts`,
    logLevel: 'silent',
    clearScreen: false,
    server: {
      host: '127.0.0.1',
      port: 0,
      strictPort: false,
      hmr: false,
      proxy: { '/api': { target, ws: true, changeOrigin } },
    },
  })
  await server.listen()
  return server
}

/** What the browser logs when the host refuses the page's origin: a 403, a refused upgrade. */
const REFUSED = /status of 403 \(Forbidden\)|WebSocket connection to '[^']+' failed/

function urlOf(server: ViteDevServer): string {
  const url = server.resolvedUrls?.local[0]
  if (!url) throw new Error('the dev server has no local URL')
  return url
}

test.describe('behind a Vite dev proxy', () => {
  test.describe.configure({ timeout: 90_000 })

  for (const changeOrigin of [true, false]) {
    test(`changeOrigin: ${changeOrigin}`, async ({ page, baseURL, pageProblems }) => {
      const vite = await devServer(baseURL ?? '', changeOrigin)
      try {
        // The host mints the principal cookie on a document it serves; cookies ignore the port.
        await page.goto('/')
        await page.goto(urlOf(vite))
        const banner = page.locator('[data-scope="connection-banner"][data-part="root"]')
        const message = banner.getByRole('status')
        if (changeOrigin) {
          await expect(message).toHaveText(
            "The server refused this page's origin, so questions cannot reach this tab.",
            { timeout: 30_000 },
          )
          await expect(banner).toHaveAttribute('data-reason', 'forbidden-origin')
          await expect(page.getByRole('button', { name: 'Retry now' })).toBeVisible()
          await page.screenshot({ path: 'test-results/dev-proxy-change-origin.png' })
        } else {
          await expect(banner).toHaveAttribute('data-state', 'open', { timeout: 30_000 })
          await expect(message).toBeEmpty()
        }
      } finally {
        // Leave the page first: a lazy chunk (Markdown, preloaded when idle) still loading
        // from the dev server would log a refused connection once the server is gone.
        await page.goto('about:blank')
        await vite.close()
        // The browser itself logs each refused upgrade and API call, for as long as the page
        // is open (they go on after the banner shows): only those are expected, nothing else.
        if (changeOrigin) {
          const others = pageProblems.filter((problem) => !REFUSED.test(problem))
          pageProblems.splice(0, pageProblems.length, ...others)
        }
      }
    })
  }
})
