import { lazy, Suspense, useState } from 'react'
import { displayText } from '../text/display-text.ts'
import { useMessages } from './context.ts'
import type { ReactPartProps } from './normalize-props.ts'

type MarkdownModule = typeof import('../markdown/markdown.tsx')
let loaded: MarkdownModule | undefined

/** @internal Loads the Markdown renderer's chunk, once (`preloadMarkdown` is the public door). */
export const loadMarkdown = (): Promise<MarkdownModule> =>
  import('../markdown/markdown.tsx').then((module) => (loaded = module))

const LazyBox = lazy(() => loadMarkdown().then((module) => ({ default: module.DetailBox })))

/**
 * Safe Markdown, loaded as its own chunk; the raw text shows while it loads.
 * Text past the Markdown limits shows as plain text after a notice; content
 * taller than the box is clipped with a fade and a "Show more" button.
 */
export function MarkdownDetail({ source, props }: { source: string; props: ReactPartProps }) {
  // The loaded type if its chunk is here at mount, else the lazy one (a lazy component
  // suspends on its first render even when loaded), kept for the instance's life: a type
  // that changed on a later render would remount the view and lose its state.
  const [Box] = useState(() => loaded?.DetailBox ?? LazyBox)
  const { messages } = useMessages()
  return (
    <Suspense
      fallback={
        <div {...props} data-loading="">
          {displayText(source)}
        </div>
      }
    >
      <Box source={source} props={props} messages={messages} />
    </Suspense>
  )
}
