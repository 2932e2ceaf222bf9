// Part of the intent views' chunk: the approval card's own words, by the
// card's `lang`. Only this chunk shows them, so they stay out of the
// dictionaries every card loads.

/** What a value of an argument must be, as an error names it. */
export type ArgumentType = 'string' | 'number' | 'integer' | 'boolean'

/** The approval card's words in one language. */
export interface ApprovalWords {
  tool: string
  command: string
  file: string
  change: string
  content: (lines: number, bytes: number) => string
  args: string
  none: string
  /** The deny's optional reason field. */
  reason: string
  /** Sends the deny (with the reason, when one is typed). */
  confirmDeny: string
  /** The arguments editor's name. */
  editArguments: string
  /** The JSON editor's field. */
  json: string
  /** Sends the edited arguments. */
  confirmEdit: string
  /** Closes the deny or edit panel, sending nothing. */
  cancel: string
  /** Beside a required field's label. */
  required: string
  /** The empty choice of an optional enum. */
  unset: string
  /** A required field left empty. */
  missingValue: string
  notNumber: string
  notInteger: string
  notJson: string
  notObject: string
  /** A required argument the JSON lacks. */
  missing: (name: string) => string
  /** An argument of the wrong kind in the JSON. */
  wrongType: (name: string, type: ArgumentType) => string
  /** An argument that is none of its choices in the JSON. */
  notAChoice: (name: string, choices: string) => string
}

const EN_TYPES: Record<ArgumentType, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
}

const JA_TYPES: Record<ArgumentType, string> = {
  string: '文字列',
  number: '数値',
  integer: '整数',
  boolean: 'true または false',
}

const ZH_TYPES: Record<ArgumentType, string> = {
  string: '文本',
  number: '数字',
  integer: '整数',
  boolean: 'true 或 false',
}

const EN: ApprovalWords = {
  tool: 'Tool',
  command: 'Command',
  file: 'File',
  change: 'Change',
  content: (lines, bytes) =>
    `${lines} ${lines === 1 ? 'line' : 'lines'}, ${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`,
  args: 'Arguments',
  none: 'No arguments',
  reason: 'Reason (optional)',
  confirmDeny: 'Confirm deny',
  editArguments: 'Edit the arguments',
  json: 'Arguments as JSON',
  confirmEdit: 'Allow with these arguments',
  cancel: 'Cancel',
  required: 'required',
  unset: '(not set)',
  missingValue: 'Fill this in.',
  notNumber: 'Enter a number.',
  notInteger: 'Enter a whole number.',
  notJson: 'This is not valid JSON.',
  notObject: 'The arguments must be a JSON object, in { }.',
  missing: (name) => `“${name}” is required.`,
  wrongType: (name, type) => `“${name}” must be ${EN_TYPES[type]}.`,
  notAChoice: (name, choices) => `“${name}” must be one of: ${choices}.`,
}

/** Every language the kit ships, by the dictionaries' `lang`. */
const WORDS: Record<string, ApprovalWords> = {
  en: EN,
  ja: {
    tool: 'ツール',
    command: 'コマンド',
    file: 'ファイル',
    change: '変更',
    content: (lines, bytes) => `${lines} 行、${bytes} バイト`,
    args: '引数',
    none: '引数なし',
    reason: '理由（任意）',
    confirmDeny: '拒否を確定',
    editArguments: '引数を編集',
    json: '引数（JSON）',
    confirmEdit: 'この引数で許可',
    cancel: 'キャンセル',
    required: '必須',
    unset: '（未設定）',
    missingValue: '入力してください。',
    notNumber: '数値を入力してください。',
    notInteger: '整数を入力してください。',
    notJson: '有効な JSON ではありません。',
    notObject: '引数は { } で囲んだ JSON オブジェクトにしてください。',
    missing: (name) => `「${name}」は必須です。`,
    wrongType: (name, type) => `「${name}」は${JA_TYPES[type]}にしてください。`,
    notAChoice: (name, choices) => `「${name}」は次のいずれかにしてください: ${choices}。`,
  },
  'zh-CN': {
    tool: '工具',
    command: '命令',
    file: '文件',
    change: '更改',
    content: (lines, bytes) => `${lines} 行，${bytes} 字节`,
    args: '参数',
    none: '无参数',
    reason: '理由（可选）',
    confirmDeny: '确认拒绝',
    editArguments: '编辑参数',
    json: '参数（JSON）',
    confirmEdit: '使用这些参数允许',
    cancel: '取消',
    required: '必填',
    unset: '（未设置）',
    missingValue: '请填写此项。',
    notNumber: '请输入数字。',
    notInteger: '请输入整数。',
    notJson: '这不是有效的 JSON。',
    notObject: '参数必须是用 { } 括起来的 JSON 对象。',
    missing: (name) => `“${name}”为必填项。`,
    wrongType: (name, type) => `“${name}”必须是${ZH_TYPES[type]}。`,
    notAChoice: (name, choices) => `“${name}”必须是以下之一：${choices}。`,
  },
}

/** The words for the card's `lang`, English when the kit has none for it. */
export const wordsFor = (lang: string): ApprovalWords => WORDS[lang] ?? EN
