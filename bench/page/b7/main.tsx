/**
 * The B7 page: one QuestionComposer whose question's detail the runner sets
 * (`window.__b7.show(source)`); resolves once the detail's Markdown is on
 * screen and a frame has been painted.
 */
import { createRoot } from 'react-dom/client'
import { preloadMarkdown, QuestionComposer } from '../../../packages/react/src/index.ts'

const accept = async () => ({ accepted: true })
const container = document.getElementById('card')
if (!container) throw new Error('page markup missing')
const root = createRoot(container)
let shown = 0

const painted = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

async function show(source: string): Promise<void> {
  shown++
  const request = {
    rpcId: `b7-${shown}`,
    sessionId: 'bench',
    questions: [
      { id: `q${shown}`, question: `Detail ${shown}`, detail: source, options: [{ label: 'Yes' }] },
    ],
  }
  root.render(
    <QuestionComposer
      key={shown}
      request={request}
      onAnswer={accept}
      onCancel={accept}
      draftStorage={null}
    />,
  )
  for (;;) {
    await painted()
    const detail = container?.querySelector('[data-part="detail"]')
    if (
      detail &&
      !detail.hasAttribute('data-loading') &&
      container?.querySelector('h2')?.textContent === `Detail ${shown}`
    )
      return
  }
}

declare global {
  interface Window {
    __b7: { ready: Promise<unknown>; show: typeof show; clear: () => Promise<void> }
  }
}

window.__b7 = {
  ready: preloadMarkdown(),
  show,
  clear: async () => {
    root.render(null)
    await painted()
  },
}
