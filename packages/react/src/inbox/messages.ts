import type { ComposerLocale } from '../locales/index.ts'

/** English strings of `Inbox`. Override any through its `messages`. */
const en = {
  inboxHeading: 'Waiting for you',
  inboxCount: '{count} waiting',
  inboxEmpty: 'Nothing is waiting for you.',
  inboxAssistant: 'Assistant',
  inboxMore: '+{count} more',
  inboxAnswerHere: 'Answer here',
  inboxHide: 'Hide',
  inboxOpenChat: 'Open chat',
  inboxItemLabel: '{asker} asks in {session}',
  inboxTimeLeft: '{time} left',
  inboxTimeUp: 'Time is up',
}

/** Every string `Inbox` shows (`{count}`, `{asker}`, `{session}`, `{time}` are filled in). */
export type InboxMessages = typeof en

/** The inbox's dictionaries, in the `/inbox` entry: a few short strings, so all three are here. */
export const INBOX_MESSAGES: Record<ComposerLocale, InboxMessages> = {
  en,
  ja: {
    inboxHeading: 'あなたの回答待ち',
    inboxCount: '{count}件待機中',
    inboxEmpty: '回答待ちの質問はありません。',
    inboxAssistant: 'アシスタント',
    inboxMore: 'ほか{count}件',
    inboxAnswerHere: 'ここで回答',
    inboxHide: '閉じる',
    inboxOpenChat: 'チャットを開く',
    inboxItemLabel: '{session}で{asker}が質問しています',
    inboxTimeLeft: '残り{time}',
    inboxTimeUp: '時間切れ',
  },
  'zh-CN': {
    inboxHeading: '等你回答',
    inboxCount: '{count} 个待回答',
    inboxEmpty: '没有等你回答的问题。',
    inboxAssistant: '助手',
    inboxMore: '另有 {count} 个',
    inboxAnswerHere: '在此回答',
    inboxHide: '收起',
    inboxOpenChat: '打开对话',
    inboxItemLabel: '{asker}在{session}中提问',
    inboxTimeLeft: '还剩{time}',
    inboxTimeUp: '时间到了',
  },
}
