import type { ReactNode } from 'react'
import { displayText } from '../text/display-text.ts'
import { safeHref } from './parse.ts'

/**
 * A link, if its URL is an absolute http, https or mailto URL; otherwise
 * just its content. It opens in a new tab with no opener and no referrer.
 * A link with no content shows its URL, so it always has a name.
 */
export function link(url: string, title: string | null | undefined, content: ReactNode): ReactNode {
  const href = safeHref(url)
  if (href === null) return content
  const empty = content === null || content === ''
  return (
    <a
      href={href}
      title={title ? displayText(title) : undefined}
      target="_blank"
      rel="noopener noreferrer"
    >
      {empty ? displayText(url) : content}
    </a>
  )
}

/**
 * An image is never loaded: it shows as a link to its URL named by its alt
 * text (or the URL when there is none), or as the alt text alone when the
 * URL is not allowed.
 */
export function picture(
  url: string,
  title: string | null | undefined,
  alt: string | null | undefined,
): ReactNode {
  const text = displayText(alt ?? '')
  if (safeHref(url) === null) return text
  return link(url, title, text)
}
