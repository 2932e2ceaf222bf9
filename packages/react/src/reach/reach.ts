import type { ClientQuestion, QuestionClient } from '@parley/client'
import { useEffect, useRef } from 'react'
import type { ComposerLocale } from '../locales/index.ts'
import { fill } from '../text/fill.ts'
import { type AttentionBadgeOptions, useAttentionBadge } from './attention.ts'
import { playChime } from './chime.ts'
import { type ReachMessages, reachMessages } from './messages.ts'
import { isPageAway } from './page-attention.ts'
import { useAllQuestions, useQuestionArrivals } from './questions.ts'

/** What a question's notification says. */
export interface QuestionNotice {
  /** Who asks ("Build agent"); the title reads "{agent} asks". */
  agent?: string | undefined
  /** The whole title, in place of "{agent} asks". */
  title?: string | undefined
  /** @default the first question, and how many more the batch holds */
  body?: string | undefined
}

/** Options of {@link useReachTheHuman}. */
export interface ReachOptions {
  /** The count in the title and on the favicon while the person is elsewhere. @default true */
  badge?: boolean | AttentionBadgeOptions | undefined
  /**
   * A system notification for each question that arrives while the person
   * is elsewhere, once they allowed notifications (`NotificationPrompt` asks;
   * nothing here ever asks by itself). Its click focuses the tab and opens
   * that question (`onOpen`). @default true
   */
  notify?: boolean | undefined
  /** A short chime for each question that arrives while the person is elsewhere. @default false */
  sound?: boolean | undefined
  /** The address of a question (a deep link), for notifications and `onOpen`'s default. */
  questionHref?: ((question: ClientQuestion) => string) | undefined
  /**
   * Opens a question (a notification was clicked). @default
   * `location.assign(questionHref(question))` when `questionHref` is given
   */
  onOpen?: ((question: ClientQuestion) => void) | undefined
  /** Who asks and what, for the notification. @default "The assistant asks", the first question */
  describe?: ((question: ClientQuestion) => QuestionNotice) | undefined
  /**
   * Called for every question that arrives after the first render, with
   * whether the person is elsewhere: the hook for an app with its own
   * notifications (it is called whatever `notify` and `sound` say).
   */
  onQuestion?: ((question: ClientQuestion, context: { away: boolean }) => void) | undefined
  /**
   * When the page comes back into view after a while (a phone that
   * suspended the tab), reconnect at once for a fresh replay instead of
   * waiting for the backoff or a dead socket's timeout. @default true
   */
  reconnectOnReturn?: boolean | undefined
  /** @default 'en' */
  locale?: ComposerLocale | undefined
  messages?: Partial<ReachMessages> | undefined
}

/** After this long hidden, coming back reconnects even a connection that looks open. */
export const RETURN_RECONNECT_MS = 20_000

function noticeText(question: ClientQuestion, words: ReachMessages, notice: QuestionNotice) {
  const [first] = question.questions
  const more = question.questions.length - 1
  const body =
    notice.body ??
    (more > 0
      ? fill(words.notificationMore, { question: first?.question ?? '', count: more })
      : (first?.question ?? ''))
  const title =
    notice.title ?? fill(words.notificationTitle, { agent: notice.agent ?? words.defaultAgent })
  return { title, body }
}

function notificationsAllowed(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted'
}

/**
 * Reaches the person while questions wait and they are elsewhere: the count
 * in the title and on the favicon, a notification per new question (when
 * allowed) whose click opens that question, an optional chime, and a
 * reconnect when a suspended tab comes back. Returns the pending questions
 * of every session, oldest first.
 */
export function useReachTheHuman(
  client: Pick<QuestionClient, 'store' | 'reconnect' | 'getConnectionStatus'>,
  options: ReachOptions = {},
): readonly ClientQuestion[] {
  const questions = useAllQuestions(client)
  const { badge = true, notify = true, sound = false, reconnectOnReturn = true } = options
  useAttentionBadge(badge === false ? 0 : questions.length, badge === true ? {} : badge || {})
  const latest = useRef(options)
  latest.current = options
  const open = useRef(new Map<string, Notification>())

  useQuestionArrivals(questions, (question) => {
    const now = latest.current
    const away = isPageAway()
    now.onQuestion?.(question, { away })
    if (!away) return
    if (sound) playChime()
    if (!notify || !notificationsAllowed()) return
    const words = reachMessages(now.locale, now.messages)
    const { title, body } = noticeText(question, words, now.describe?.(question) ?? {})
    let notification: Notification
    try {
      notification = new Notification(title, { body, tag: `parley:${question.rpcId}` })
    } catch {
      // Some browsers (Chrome on Android) only notify through a service worker.
      return
    }
    open.current.set(question.rpcId, notification)
    notification.onclick = () => {
      window.focus()
      notification.close()
      const { onOpen, questionHref } = latest.current
      if (onOpen) onOpen(question)
      else if (questionHref) window.location.assign(questionHref(question))
    }
  })

  // A question that no longer waits takes its notification with it.
  useEffect(() => {
    const pending = new Set(questions.map((question) => question.rpcId))
    for (const [rpcId, notification] of open.current) {
      if (pending.has(rpcId)) continue
      notification.close()
      open.current.delete(rpcId)
    }
  }, [questions])

  useEffect(() => {
    if (!reconnectOnReturn) return
    let hiddenAt = document.visibilityState === 'hidden' ? Date.now() : null
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt ??= Date.now()
        return
      }
      const away = hiddenAt === null ? 0 : Date.now() - hiddenAt
      hiddenAt = null
      const status = client.getConnectionStatus()
      if (status === 'idle' || status === 'closed') return
      if (status !== 'open' || away >= RETURN_RECONNECT_MS) client.reconnect()
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [client, reconnectOnReturn])

  return questions
}
