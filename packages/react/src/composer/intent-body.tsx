import { part } from '@parley/machine'
import type { AskUserQuestionItem } from '@parley/seam'
import { lazy, type ReactNode, Suspense } from 'react'
import { Body } from './footer.tsx'
import { KIT } from './intent-kit.ts'

type IntentViewModule = typeof import('./intent-view.tsx')
let loaded: IntentViewModule | undefined

/**
 * Loads the intent views' chunk (the plan-review and approval bodies, the
 * option previews) once; the first card that shows one asks for it. Most
 * cards never do.
 */
export const preloadIntentViews = (): Promise<IntentViewModule> =>
  import('./intent-view.tsx').then((module) => (loaded = module))

const LazyView = lazy(preloadIntentViews)
// Once loaded, rendered at once: a lazy component suspends on its first render even then.
const view = () => loaded?.default ?? LazyView

/**
 * The body of a card whose question declares an intent (a plan review, an
 * approval); or, with `list`, the options (`list`) beside the focused option's
 * preview on a wide card and above it on a narrow one. Both from the intent
 * views' chunk.
 */
export function IntentBody({
  question,
  list,
}: {
  question?: AskUserQuestionItem
  list?: ReactNode
}) {
  const View = view()
  const body = (
    <Suspense fallback={question?.intent?.kind === 'plan-review' ? <Body /> : null}>
      <View question={question} kit={KIT} />
    </Suspense>
  )
  return list ? (
    <div {...part('options-layout')}>
      {list}
      {body}
    </div>
  ) : (
    body
  )
}
