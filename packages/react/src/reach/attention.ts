import { useEffect } from 'react'
import { usePageAway } from './page-attention.ts'

/** Options of {@link useAttentionBadge}. */
export interface AttentionBadgeOptions {
  /** Put the count in the document title. @default true */
  title?: boolean | undefined
  /** Draw the count on the favicon. @default true */
  favicon?: boolean | undefined
  /** The badged title. @default `(${count}) ${title}` */
  formatTitle?: ((count: number, title: string) => string) | undefined
  /** The badge's colours. @default red with white text */
  colors?: { background: string; text: string } | undefined
  /**
   * Show the badge even while the person is looking at the page. @default
   * false: only while the page is hidden or its window does not have focus
   */
  always?: boolean | undefined
}

const defaultTitle = (count: number, title: string) => `(${count}) ${title}`

/**
 * While `count` questions wait and the person is elsewhere (the page hidden,
 * or the window unfocused), the document title reads "(2) Parley" and the
 * favicon carries the count; both come back as they were once none waits or
 * the person is back. Titles the app sets meanwhile are kept and badged too.
 */
export function useAttentionBadge(count: number, options: AttentionBadgeOptions = {}): void {
  const away = usePageAway()
  const shown = count > 0 && (away || options.always === true)
  const { title = true, favicon = true, formatTitle = defaultTitle, colors } = options
  const background = colors?.background ?? '#d92d20'
  const text = colors?.text ?? '#ffffff'

  useEffect(() => {
    if (!shown || !title) return
    return badgeTitle((base) => formatTitle(count, base))
  }, [shown, title, count, formatTitle])

  useEffect(() => {
    if (!shown || !favicon) return
    return badgeFavicon(count, background, text)
  }, [shown, favicon, count, background, text])
}

/** Badges the title until the returned function restores it; follows the app's own title changes. */
function badgeTitle(format: (base: string) => string): () => void {
  let base = document.title
  let badged = format(base)
  document.title = badged
  const observer = new MutationObserver(() => {
    if (document.title === badged) return
    base = document.title
    badged = format(base)
    document.title = badged
  })
  observer.observe(document.head, { subtree: true, childList: true, characterData: true })
  return () => {
    observer.disconnect()
    if (document.title === badged) document.title = base
  }
}

const SIZE = 64

/** Draws `count` on the page's icon until the returned function puts the icon back. */
function badgeFavicon(count: number, background: string, text: string): () => void {
  const existing = document.querySelector<HTMLLinkElement>('link[rel~="icon"]')
  const link = existing ?? document.createElement('link')
  const original = existing ? { href: link.href, type: link.type } : null
  if (!existing) {
    link.rel = 'icon'
    document.head.append(link)
  }
  let done = false
  const draw = (icon: HTMLImageElement | null) => {
    const canvas = document.createElement('canvas')
    canvas.width = SIZE
    canvas.height = SIZE
    const context = canvas.getContext('2d')
    if (done || !context) return
    if (icon) context.drawImage(icon, 0, 0, SIZE, SIZE)
    const radius = SIZE * 0.3
    context.fillStyle = background
    context.beginPath()
    context.arc(SIZE - radius, SIZE - radius, radius, 0, Math.PI * 2)
    context.fill()
    context.fillStyle = text
    context.font = `bold ${Math.round(radius * 1.3)}px system-ui, sans-serif`
    context.textAlign = 'center'
    context.textBaseline = 'middle'
    context.fillText(count > 9 ? '9+' : String(count), SIZE - radius, SIZE - radius + 1)
    link.type = 'image/png'
    link.href = canvas.toDataURL('image/png')
    link.dataset.parleyBadge = String(count)
  }
  if (original?.href) {
    const icon = new Image()
    icon.onload = () => draw(icon)
    icon.onerror = () => draw(null)
    icon.src = original.href
  } else draw(null)
  return () => {
    done = true
    delete link.dataset.parleyBadge
    if (!original) link.remove()
    else {
      link.type = original.type
      link.href = original.href
    }
  }
}
