import type { ClientQuestion, QuestionClient } from '@parley/client'
import { useMemo, useState } from 'react'
import type { ComposerLocale } from '../locales/index.ts'
import { fill } from '../text/fill.ts'
import { type ReachMessages, reachMessages } from './messages.ts'
import { useAllQuestions, useQuestionArrivals } from './questions.ts'

/** Options of {@link useWaitingElsewhere}. */
export interface WaitingElsewhereOptions {
  /** The chat on screen: its questions are not counted or announced. `null`: none (an inbox). */
  sessionId?: string | null | undefined
  /** A chat's title, for the announcement ("… waiting in Release checklist"). @default "another chat" */
  sessionTitle?: ((sessionId: string) => string | undefined) | undefined
  /** @default 'en' */
  locale?: ComposerLocale | undefined
  messages?: Partial<ReachMessages> | undefined
}

/** What {@link useWaitingElsewhere} returns. */
export interface WaitingElsewhere {
  /** The questions waiting in other chats than the one on screen, oldest first. */
  questions: readonly ClientQuestion[]
  /** How many, in words ("1 question waiting"); `''` when none. For a control's name. */
  countText: string
  /**
   * The sentence for a polite live region, once per question that arrives in
   * another chat ("1 question waiting in Release checklist"); `n` grows with
   * each, so a repeated sentence can be told apart. `null` until one arrives.
   */
  announcement: { text: string; n: number } | null
}

/** The questions of `questions` asked outside `sessionId` (all of them when it is `null`). */
function questionsElsewhere(
  questions: readonly ClientQuestion[],
  sessionId: string | null | undefined,
): readonly ClientQuestion[] {
  return sessionId == null
    ? questions
    : questions.filter((question) => question.sessionId !== sessionId)
}

/** `{count}` in the locale's words, singular or plural. */
function counted(lang: string, one: string, other: string, count: number): string {
  const rule = new Intl.PluralRules(lang).select(count)
  return fill(rule === 'one' ? one : other, { count })
}

/** "1 question waiting" / "3 questions waiting"; `''` for none. */
function waitingCountText(words: ReachMessages, count: number, lang = 'en'): string {
  return count === 0 ? '' : counted(lang, words.waitingOne, words.waitingOther, count)
}

/** "2 questions waiting in Release checklist": how many wait in that chat now. */
function waitingInText(words: ReachMessages, count: number, session: string, lang = 'en'): string {
  return fill(counted(lang, words.waitingInOne, words.waitingInOther, count), { session })
}

/**
 * Which questions wait in chats other than the one on screen, as a count for
 * a badge or a control's name, and one sentence per question that arrives in
 * another chat, for a `role="status"` region: the questions already there on
 * load (a page's replay) and those of the chat on screen are never
 * announced, and nothing repeats when the page re-renders.
 */
export function useWaitingElsewhere(
  client: Pick<QuestionClient, 'store'>,
  options: WaitingElsewhereOptions = {},
): WaitingElsewhere {
  const all = useAllQuestions(client)
  const lang = options.locale ?? 'en'
  const words = reachMessages(lang, options.messages)
  const elsewhere = useMemo(
    () => questionsElsewhere(all, options.sessionId),
    [all, options.sessionId],
  )
  const [announcement, setAnnouncement] = useState<WaitingElsewhere['announcement']>(null)
  useQuestionArrivals(all, (question) => {
    if (question.sessionId === options.sessionId) return
    const count = all.filter((other) => other.sessionId === question.sessionId).length
    const session = options.sessionTitle?.(question.sessionId) ?? words.waitingSessionUnknown
    const text = waitingInText(words, count, session, lang)
    setAnnouncement((last) => ({ text, n: (last?.n ?? 0) + 1 }))
  })
  return {
    questions: elsewhere,
    countText: waitingCountText(words, elsewhere.length, lang),
    announcement,
  }
}
