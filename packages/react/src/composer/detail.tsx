import { lazy, Suspense } from 'react'
import { part } from './props.ts'

const Markdown = lazy(() => import('../markdown/markdown.tsx'))

/** Safe Markdown, loaded as its own chunk; the raw text shows while it loads. */
export function MarkdownDetail(props: { source: string; id?: string; variant?: 'plan' }) {
  const shared = { ...part('detail'), id: props.id, 'data-variant': props.variant }
  return (
    <Suspense
      fallback={
        <div {...shared} data-loading="">
          {props.source}
        </div>
      }
    >
      <div {...shared}>
        <Markdown source={props.source} />
      </div>
    </Suspense>
  )
}
