import {
  answerLines,
  type ComposerEnding,
  type DraftLine,
  draftLines,
  draftsAsText,
} from '@parley/machine'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { displayText } from '../text/display-text.ts'
import { useComposerContext, useMessages } from './context.ts'
import { focusIsFree, focusIsHeld } from './focus.ts'
import { useApiValue } from './use-part.ts'

type SettledViewModule = typeof import('./settled-view.tsx')
let loaded: SettledViewModule | undefined

/**
 * Loads the ended card's view (its own chunk: most cards never end this way)
 * once. A card asks for it when it mounts, so the view is there, and takes
 * focus, the moment a card ends.
 */
export const preloadSettled = (): Promise<SettledViewModule> =>
  import('./settled-view.tsx').then((module) => (loaded = module))

const LazySettledView = lazy(preloadSettled)

/** Lines as shown: without bidi controls. */
const shown = (lines: DraftLine[]) =>
  lines.map((line) => ({
    ...line,
    question: displayText(line.question),
    answer: displayText(line.answer),
  }))

/** Props of {@link Settled}. */
export interface SettledProps {
  ending: ComposerEnding
  /** Says what happened in place of the built-in sentence. */
  text?: string | undefined
  /** Closes the card. Without it there is no Close button. */
  onClose?: (() => void) | undefined
  /** Sends the drafts as a chat message. Without it there is no such button. */
  onSendAsMessage?: ((text: string) => void) | undefined
}

/**
 * The body of a card that ended in a way the user did not choose: which
 * question (its first, as a heading), what happened, in words (announced once), another tab's answer when it counted
 * (and the host sent it), every draft as selectable text, and Copy, "Send as
 * a message" and Close. Focus moves to Close when it was in the card (or
 * nowhere), except from the question the user was typing in: that stays,
 * read-only, and Escape or Tab goes on to Close.
 */
export function Settled({ ending, text: told, onClose, onSendAsMessage }: SettledProps) {
  const ctx = useComposerContext()
  const i18n = useMessages()
  const lines = useApiValue((api) => draftLines(api.state))
  const questions = useApiValue((api) => api.state.request.questions)
  const [spoken, setSpoken] = useState(false)
  const [copied, setCopied] = useState(false)
  const closeRef = useRef<HTMLButtonElement>(null)
  // Another tab's answer, the one that counted: shown as the answer, this tab's drafts apart.
  const winner = ending.kind === 'answered-elsewhere' ? ending.answer : undefined

  // Filled after mount, so the live region announces it.
  useEffect(() => setSpoken(true), [])
  // The user's own Stop with nothing typed: nothing to keep, so nothing to close.
  const empty = ending.kind === 'stopped' && lines.length === 0
  useEffect(() => {
    if (empty) onClose?.()
  }, [empty, onClose])
  // From a held question, Escape goes to Close (Tab reaches it too): never a keystroke
  // the user was already typing.
  useEffect(() => {
    const root = ctx.rootRef.current
    if (!root) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !focusIsHeld()) return
      if (!closeRef.current) return
      event.preventDefault()
      closeRef.current.focus()
    }
    root.addEventListener('keydown', onKeyDown)
    return () => root.removeEventListener('keydown', onKeyDown)
  }, [ctx])

  const asText = () => draftsAsText(ctx.store.getState())
  const copy = () => {
    void navigator.clipboard?.writeText(asText()).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }

  // The loaded type if its chunk is here at mount, else the lazy one (a lazy component
  // suspends on its first render even when loaded), kept for the instance's life: a type
  // that changed on a later render would remount the view and lose its state.
  const [View] = useState(() => loaded?.default ?? LazySettledView)
  return (
    <Suspense fallback={null}>
      <View
        ending={ending}
        title={displayText(questions[0]?.question ?? '')}
        titleId={`${ctx.ids.root}-ended`}
        told={told}
        spoken={spoken}
        i18n={i18n}
        drafts={shown(lines)}
        answer={winner && shown(answerLines(questions, winner))}
        copied={copied}
        onCopy={copy}
        onSendAsMessage={onSendAsMessage && (() => onSendAsMessage(asText()))}
        onClose={onClose}
        closeRef={closeRef}
        // On screen before paint, before the slot's (a parent's) focus restore sees body.
        // Focus held in the question the user was typing in stays there (focusIsFree says no).
        onShown={() => {
          if (focusIsFree(ctx.rootRef.current)) closeRef.current?.focus()
        }}
      />
    </Suspense>
  )
}
