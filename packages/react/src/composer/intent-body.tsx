import { part } from '@parley/machine'
import type { AskUserQuestionItem } from '@parley/seam'
import { lazy, type ReactNode, Suspense, useState } from 'react'
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
  // The loaded type if its chunk is here at mount, else the lazy one (a lazy component
  // suspends on its first render even when loaded), kept for the instance's life: a type
  // that changed on a later render would remount the view and lose its state.
  const [View] = useState(() => loaded?.default ?? LazyView)
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
