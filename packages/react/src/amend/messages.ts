import type { ComposerLocale } from '../locales/index.ts'

/** English strings of `AnsweredCard`. Override any through its `messages`. */
const en = {
  answeredEyebrow: 'Your answer',
  answeredChange: 'Change',
  answeredClose: 'Close',
  answeredSkipped: 'Skipped',
  answeredChanged: 'Changed. The assistant has your new answer.',
  answeredWindowClosed: 'The time to change this answer has passed.',
  answeredMovedOn: 'The assistant has moved on, so this answer can no longer be changed.',
  answeredSuperseded: 'It was changed in another tab first; this is the answer now.',
  answeredUnknown: 'This answer can no longer be changed.',
  /** The label over the card Change opens: a change of a sent answer, not a new question. */
  answeredEditing: 'Changing your answer',
  /** Its ×, and what it asks: the sent answer stays, only the change goes. */
  answeredStopChanging: 'Stop changing',
  answeredStopPrompt: 'Stop changing? Your sent answer stays as it is.',
  answeredKeepChanging: 'Keep changing',
  answeredKeepSent: 'Keep sent answer',
}

/** Every string `AnsweredCard` shows. */
export type AnsweredMessages = typeof en

/** The answered card's dictionaries, in the `/amend` entry: a few short strings, so all three are here. */
export const ANSWERED_MESSAGES: Record<ComposerLocale, AnsweredMessages> = {
  en,
  ja: {
    answeredEyebrow: 'あなたの回答',
    answeredChange: '変更',
    answeredClose: '閉じる',
    answeredSkipped: 'スキップ',
    answeredChanged: '変更しました。アシスタントに新しい回答が届いています。',
    answeredWindowClosed: 'この回答を変更できる時間は過ぎました。',
    answeredMovedOn: 'アシスタントが次に進んだため、この回答は変更できません。',
    answeredSuperseded: '別のタブで先に変更されました。現在の回答はこちらです。',
    answeredUnknown: 'この回答は変更できません。',
    answeredEditing: '回答を変更中',
    answeredStopChanging: '変更をやめる',
    answeredStopPrompt: '変更をやめますか？送信済みの回答はそのまま残ります。',
    answeredKeepChanging: '変更を続ける',
    answeredKeepSent: '送信済みの回答のままにする',
  },
  'zh-CN': {
    answeredEyebrow: '你的回答',
    answeredChange: '更改',
    answeredClose: '关闭',
    answeredSkipped: '已跳过',
    answeredChanged: '已更改。助手已收到你的新回答。',
    answeredWindowClosed: '更改此回答的时间已过。',
    answeredMovedOn: '助手已继续下一步，此回答无法再更改。',
    answeredSuperseded: '已在另一个标签页中先被更改；这是现在的回答。',
    answeredUnknown: '此回答无法再更改。',
    answeredEditing: '正在更改你的回答',
    answeredStopChanging: '停止更改',
    answeredStopPrompt: '停止更改？已发送的回答保持不变。',
    answeredKeepChanging: '继续更改',
    answeredKeepSent: '保留已发送的回答',
  },
}
