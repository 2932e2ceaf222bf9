import type { ComposerLocale } from '../locales/index.ts'

/**
 * English strings of `ConnectionBanner` (override any through its
 * `messages`) and of the endings `SessionComposerSlot` tells (`{client}` is
 * " (Chrome on macOS)", or nothing when the host could not tell).
 */
const en = {
  connectionConnecting: 'Connecting…',
  connectionReconnecting: 'Reconnecting…',
  connectionUnauthorized: 'You are signed out, so questions cannot reach this tab. Sign in again.',
  connectionForbiddenOrigin:
    "The server refused this page's origin, so questions cannot reach this tab.",
  connectionForbidden: 'You do not have access to the questions of this conversation.',
  connectionNotFound: 'The question service was not found at this address.',
  connectionBusy: 'Too many open tabs or connections. Close a tab; retrying…',
  connectionUnreachable: 'Cannot reach the server. Retrying…',
  connectionProtocol: 'The server answered in a way this page does not understand.',
  connectionNoTransport: 'This browser cannot keep a live connection open.',
  connectionRetry: 'Retry now',
  answeredInWindow: 'Answered in another window at {time}{client}.',
  dismissedInWindow: 'Dismissed in another window at {time}{client}.',
}

/** Every string `ConnectionBanner` shows. */
export type ConnectionMessages = typeof en

/**
 * The banner's dictionaries, in the `/connection` entry (the composer's own
 * dictionaries do not carry them): a few short strings, so all three are here.
 */
export const CONNECTION_MESSAGES: Record<ComposerLocale, ConnectionMessages> = {
  en,
  ja: {
    connectionConnecting: '接続しています…',
    connectionReconnecting: '再接続しています…',
    connectionUnauthorized:
      'サインアウトしているため、このタブに質問が届きません。もう一度サインインしてください。',
    connectionForbiddenOrigin:
      'サーバーがこのページのオリジンを拒否したため、このタブに質問が届きません。',
    connectionForbidden: 'この会話の質問を見る権限がありません。',
    connectionNotFound: 'このアドレスに質問サービスが見つかりません。',
    connectionBusy: '開いているタブや接続が多すぎます。タブを閉じてください。再試行しています…',
    connectionUnreachable: 'サーバーに接続できません。再試行しています…',
    connectionProtocol: 'サーバーの応答をこのページで解釈できません。',
    connectionNoTransport: 'このブラウザではライブ接続を維持できません。',
    connectionRetry: '今すぐ再試行',
    answeredInWindow: '{time}に別のウィンドウで回答されました{client}。',
    dismissedInWindow: '{time}に別のウィンドウで閉じられました{client}。',
  },
  'zh-CN': {
    connectionConnecting: '正在连接…',
    connectionReconnecting: '正在重新连接…',
    connectionUnauthorized: '你已退出登录，问题无法送达此标签页。请重新登录。',
    connectionForbiddenOrigin: '服务器拒绝了此页面的来源，问题无法送达此标签页。',
    connectionForbidden: '你无权查看此对话的问题。',
    connectionNotFound: '在此地址找不到问题服务。',
    connectionBusy: '打开的标签页或连接过多。请关闭一个标签页；正在重试…',
    connectionUnreachable: '无法连接到服务器。正在重试…',
    connectionProtocol: '服务器的响应无法被此页面识别。',
    connectionNoTransport: '此浏览器无法保持实时连接。',
    connectionRetry: '立即重试',
    answeredInWindow: '已于 {time} 在另一个窗口中回答{client}。',
    dismissedInWindow: '已于 {time} 在另一个窗口中关闭{client}。',
  },
}
