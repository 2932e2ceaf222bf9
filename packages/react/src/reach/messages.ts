import type { ComposerLocale } from '../locales/index.ts'

const en = {
  /** The title of a question's notification; `{agent}` is who asks. */
  notificationTitle: '{agent} asks',
  /** Who asks, when `describe` does not say. */
  defaultAgent: 'The assistant',
  /** A notification's body when a batch has more than one question; `{count}` is how many more. */
  notificationMore: '{question} (+{count} more)',
  promptText:
    'Get a notification when the assistant asks you something while this tab is in the background?',
  promptAllow: 'Turn on notifications',
  promptDismiss: 'Not now',
  promptLabel: 'Notifications',
  linkAnswered: 'This question was answered.',
  linkAnsweredBy: 'This question was answered in another window at {time}{client}.',
  linkCancelled: 'This question was dismissed.',
  linkCancelledBy: 'This question was dismissed in another window at {time}{client}.',
  linkAborted: 'The assistant stopped waiting for an answer to this question.',
  linkTimedOut: 'This question timed out — no answer was sent, and no decision was made.',
  linkGone: 'This question is no longer waiting for an answer.',
  linkClose: 'Close',
  /** Caption of the answer that counted, under an answered question's notice. */
  linkAnswer: 'The answer that was sent',
  /** A question of the batch that was skipped, in that answer. */
  linkSkipped: 'Skipped',
  /** `useWaitingElsewhere`: how many questions wait in other chats: one, and any other count. */
  waitingOne: '{count} question waiting',
  waitingOther: '{count} questions waiting',
  /** Announced when one arrives in another chat: how many wait there now, and its title. */
  waitingInOne: '{count} question waiting in {session}',
  waitingInOther: '{count} questions waiting in {session}',
  /** The chat's title when the app does not know it. */
  waitingSessionUnknown: 'another chat',
}

/** Every string of `@parley/react/reach`. Override any through a component's `messages`. */
export type ReachMessages = typeof en

/** The reach entry's dictionaries (a few short strings, so all three are here). */
export const REACH_MESSAGES: Record<ComposerLocale, ReachMessages> = {
  en,
  ja: {
    notificationTitle: '{agent}からの質問',
    defaultAgent: 'アシスタント',
    notificationMore: '{question}（ほか{count}件）',
    promptText:
      'このタブがバックグラウンドにあるとき、アシスタントからの質問を通知で受け取りますか？',
    promptAllow: '通知をオンにする',
    promptDismiss: '今はしない',
    promptLabel: '通知',
    linkAnswered: 'この質問には回答済みです。',
    linkAnsweredBy: 'この質問は{time}に別のウィンドウで回答されました{client}。',
    linkCancelled: 'この質問は閉じられました。',
    linkCancelledBy: 'この質問は{time}に別のウィンドウで閉じられました{client}。',
    linkAborted: 'アシスタントはこの質問の回答を待つのをやめました。',
    linkTimedOut: 'この質問はタイムアウトしました。回答は送信されず、何も決定されていません。',
    linkGone: 'この質問はもう回答を待っていません。',
    linkClose: '閉じる',
    linkAnswer: '送信された回答',
    linkSkipped: 'スキップ',
    waitingOne: '{count}件の質問が回答待ち',
    waitingOther: '{count}件の質問が回答待ち',
    waitingInOne: '{session}で{count}件の質問が回答を待っています',
    waitingInOther: '{session}で{count}件の質問が回答を待っています',
    waitingSessionUnknown: '別のチャット',
  },
  'zh-CN': {
    notificationTitle: '{agent}提问',
    defaultAgent: '助手',
    notificationMore: '{question}（另有 {count} 个）',
    promptText: '当此标签页在后台时，助手向你提问是否通过通知提醒你？',
    promptAllow: '开启通知',
    promptDismiss: '暂不',
    promptLabel: '通知',
    linkAnswered: '此问题已回答。',
    linkAnsweredBy: '此问题已于 {time} 在另一个窗口中回答{client}。',
    linkCancelled: '此问题已关闭。',
    linkCancelledBy: '此问题已于 {time} 在另一个窗口中关闭{client}。',
    linkAborted: '助手已停止等待此问题的回答。',
    linkTimedOut: '此问题已超时：没有发送回答，也没有做出任何决定。',
    linkGone: '此问题已不再等待回答。',
    linkClose: '关闭',
    linkAnswer: '已发送的回答',
    linkSkipped: '已跳过',
    waitingOne: '{count} 个问题待回答',
    waitingOther: '{count} 个问题待回答',
    waitingInOne: '“{session}”中有 {count} 个问题待回答',
    waitingInOther: '“{session}”中有 {count} 个问题待回答',
    waitingSessionUnknown: '另一个对话',
  },
}

/** The locale's strings with overrides (English for a locale it does not know). */
export function reachMessages(
  locale: ComposerLocale | undefined,
  overrides?: Partial<ReachMessages>,
): ReachMessages {
  const own = Object.hasOwn(REACH_MESSAGES, locale ?? 'en')
    ? REACH_MESSAGES[locale ?? 'en']
    : REACH_MESSAGES.en
  return { ...own, ...overrides }
}
