import { type RefObject, useState } from 'react'
import type { ComposerMessages } from '../locales/index.ts'
import { useClientLayoutEffect } from '../text/layout-effect.ts'

/**
 * "Show more" and "Show less" by the card's `lang`. They live in this lazy
 * chunk, the only code that shows them, so the eager composer does not grow;
 * `detailShowMore` / `detailShowLess` in the composer's `messages` override them.
 */
const WORDS: Record<string, readonly [more: string, less: string]> = {
  en: ['Show more', 'Show less'],
  ja: ['続きを表示', '折りたたむ'],
  'zh-CN': ['展开全文', '收起全文'],
}

/** Props of {@link DetailMore}. */
export interface DetailMoreProps {
  /** The detail's box, whose content may be taller than its max height. */
  box: RefObject<HTMLElement | null>
  messages: ComposerMessages
}

/**
 * What follows a detail taller than its box: the box is clipped with a fade
 * (`data-clipped` on it) and this "Show more" button (`data-part="detail-more"`,
 * `aria-expanded`, `aria-controls` the detail) lets it grow to its full height
 * (`data-expanded`) and back. Nothing while the content fits. Its own lazy
 * chunk, loaded beside the Markdown one, for cards with a detail only.
 */
export default function DetailMore({ box, messages }: DetailMoreProps) {
  const [taller, setTaller] = useState(false)
  const [open, setOpen] = useState(false)
  const words = WORDS[messages.lang] ?? (WORDS.en as readonly [string, string])

  useClientLayoutEffect(() => {
    const element = box.current
    if (!element) return
    element.toggleAttribute('data-clipped', taller && !open)
    element.toggleAttribute('data-expanded', open)
    // Open, it has no max height: nothing to measure until it closes again.
    if (open) return
    const measure = () => setTaller(element.scrollHeight > element.clientHeight + 1)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    for (const child of element.children) observer.observe(child)
    return () => observer.disconnect()
  }, [box, open, taller])

  if (!taller && !open) return null
  return (
    <button
      type="button"
      data-scope="question-composer"
      data-part="detail-more"
      aria-expanded={open}
      aria-controls={box.current?.id}
      onClick={() => setOpen((was) => !was)}
    >
      {open ? (messages.detailShowLess ?? words[1]) : (messages.detailShowMore ?? words[0])}
    </button>
  )
}
