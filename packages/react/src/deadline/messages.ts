/**
 * The countdown's strings, in the countdown's own chunk: the composer's
 * eager dictionary does not carry them. `{time}` is a duration in the
 * locale's short units ("4 min", "4 分", "4分钟"); `{index}` is a request's
 * place in the queue ("Request 1 of 3 · 40 sec left on request 2": the
 * chip's `queueSooner`, and `queueSoonerSpoken` for the live region).
 */
const DEADLINE_MESSAGES = {
  en: {
    waiting: 'Waiting {time} more',
    timeUp: 'Time is up: the assistant is about to stop waiting',
    extend: 'More time',
    extending: 'Asking for more time…',
    extended: 'More time: waiting {time} more',
    atLimit: 'The assistant cannot wait any longer than this.',
    extendFailed: 'Could not get more time. Try again.',
    queueSooner: ' · {time} left on request {index}',
    queueSoonerSpoken: 'Request {index} runs out first: {time} left.',
  },
  ja: {
    waiting: 'あと{time}待ちます',
    timeUp: '時間切れです。まもなく待つのをやめます',
    extend: '時間を延長',
    extending: '延長を依頼しています…',
    extended: '延長しました。あと{time}待ちます',
    atLimit: 'これ以上は延長できません。',
    extendFailed: '延長できませんでした。もう一度お試しください。',
    queueSooner: ' · リクエスト {index} は残り{time}',
    queueSoonerSpoken: 'リクエスト {index} が先に時間切れになります。残り{time}です。',
  },
  'zh-CN': {
    waiting: '还会等待{time}',
    timeUp: '时间到了：助手即将停止等待',
    extend: '延长时间',
    extending: '正在请求延长…',
    extended: '已延长：还会等待{time}',
    atLimit: '助手无法再等待更久了。',
    extendFailed: '无法延长时间，请重试。',
    queueSooner: ' · 第 {index} 个请求还剩{time}',
    queueSoonerSpoken: '第 {index} 个请求会先到时间：还剩{time}。',
  },
} as const

/** Every string the countdown shows; override any through `deadlineMessages`. */
export type DeadlineMessages = { [K in keyof (typeof DEADLINE_MESSAGES)['en']]: string }

/** The locale's countdown strings (English for a locale it does not know), with overrides. */
export function deadlineMessages(
  lang: string,
  overrides?: Partial<DeadlineMessages>,
): DeadlineMessages {
  const own = Object.hasOwn(DEADLINE_MESSAGES, lang)
    ? DEADLINE_MESSAGES[lang as keyof typeof DEADLINE_MESSAGES]
    : DEADLINE_MESSAGES.en
  return { ...own, ...overrides }
}

const UNITS: [number, Intl.NumberFormatOptions['unit'], number][] = [
  [172_800_000, 'day', 86_400_000],
  [7_200_000, 'hour', 3_600_000],
  [120_000, 'minute', 60_000],
]

/**
 * `ms` left as words in the largest unit that reads well: days from 2 days,
 * hours from 2 hours, minutes from 2 minutes, then "1 min 25 sec" down to a
 * minute (never "1 min" for 119 s), then seconds in steps of 5 (each second
 * under 10).
 */
export function remainingTime(ms: number, lang: string): string {
  const format = (value: number, unit: Intl.NumberFormatOptions['unit']) =>
    new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short' }).format(value)
  for (const [from, unit, size] of UNITS) if (ms >= from) return format(Math.round(ms / size), unit)
  const whole = Math.ceil(ms / 1000)
  if (whole < 60)
    return format(whole > 10 ? Math.ceil(whole / 5) * 5 : Math.max(1, whole), 'second')
  // Just under 2 min rounds up to whole seconds: 120 of them is "2 min", never "1 min 60 sec".
  if (whole >= 120) return format(2, 'minute')
  // 61–119 s: the minute and the seconds past it, in steps of 5 (down, so never "60 sec").
  const past = Math.floor((whole - 60) / 5) * 5
  const minute = format(1, 'minute')
  return past === 0 ? minute : `${minute} ${format(past, 'second')}`
}

/** How long an announcement stays in the live region, so it never reads stale later. */
export const SPOKEN_FOR_MS = 10_000

/** Remaining times at which the countdown is announced (polite), besides every extension. */
export const ANNOUNCE_AT_MS = [300_000, 120_000, 60_000, 30_000, 10_000] as const
