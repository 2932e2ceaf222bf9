import { lazy, Suspense } from 'react'
import { displayText } from '../text/display-text.ts'
import type { ReactPartProps } from './normalize-props.ts'

const Markdown = lazy(() => import('../markdown/markdown.tsx'))

/** Safe Markdown, loaded as its own chunk; the raw text shows while it loads. */
export function MarkdownDetail({ source, props }: { source: string; props: ReactPartProps }) {
  return (
    <Suspense
      fallback={
        <div {...props} data-loading="">
          {displayText(source)}
        </div>
      }
    >
      <div {...props}>
        <Markdown source={source} />
      </div>
    </Suspense>
  )
}
