import { lazy, Suspense } from 'react'
import { displayText } from '../text/display-text.ts'
import { part } from './props.ts'

const Markdown = lazy(() => import('../markdown/markdown.tsx'))

/** Safe Markdown, loaded as its own chunk; the raw text shows while it loads. */
export function MarkdownDetail(props: { source: string; id?: string; variant?: 'plan' }) {
  const shared = { ...part('detail'), id: props.id, 'data-variant': props.variant, dir: 'auto' }
  return (
    <Suspense
      fallback={
        <div {...shared} data-loading="">
          {displayText(props.source)}
        </div>
      }
    >
      <div {...shared}>
        <Markdown source={props.source} />
      </div>
    </Suspense>
  )
}
