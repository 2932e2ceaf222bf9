import type { KeyContext } from './composer.types.ts'
import type { KeyInput } from './composition.ts'

/** The value of `data-scope` on every element a composer renders. */
export const SCOPE = 'question-composer'

/** The anatomy attributes of one part: `data-scope="question-composer"` and `data-part`. */
export function part<Name extends string>(name: Name) {
  return { 'data-scope': SCOPE, 'data-part': name } as const
}

/**
 * Event handlers of a part, framework-neutral: an adapter maps them to its own
 * events (React's `onClick`, `onChange`…, or `addEventListener`).
 */
export interface PartHandlers {
  /** A click (or the keyboard activation of a button). */
  onClick?: () => void
  /**
   * A keydown inside the part. `where` is where focus is (the adapter finds
   * out from the event's target). Returns true when the key was handled: the
   * adapter then prevents the browser's default.
   */
  onKeyDown?: (key: KeyInput, where: KeyContext) => boolean
  /** The text of a field changed; `text` is its whole new value. */
  onInput?: (text: string) => void
  onCompositionStart?: () => void
  onCompositionEnd?: () => void
  onBlur?: () => void
}

/** An attribute value: `undefined` (and `false` outside `aria-*`) leaves it out. */
export type AttributeValue = string | number | boolean | undefined

/**
 * What a part's getter returns: anatomy, HTML attributes under their HTML
 * names (`tabindex`, `for`, `readonly`, `aria-*`, `data-*`) and handlers.
 */
export type PartProps = Readonly<Record<string, AttributeValue | PartHandlers[keyof PartHandlers]>>

/** Element ids that tie labels and controls together, all derived from one base. */
export interface ComposerIds {
  root: string
  title: string
  body: string
  detail: string
  custom: string
  customLabel: string
  hint: string
  status: string
  confirmPrompt: string
  option: (index: number) => string
}

/** The ids of a composer whose base id is `base` (e.g. React's `useId()`). */
export function composerIds(base: string): ComposerIds {
  return {
    root: `${base}root`,
    title: `${base}title`,
    body: `${base}body`,
    detail: `${base}detail`,
    custom: `${base}custom`,
    customLabel: `${base}custom-label`,
    hint: `${base}hint`,
    status: `${base}status`,
    confirmPrompt: `${base}root-confirm`,
    option: (index) => `${base}option-${index}`,
  }
}

/**
 * Every string the connect step puts on screen, in the current locale.
 * Templates hold `{name}` placeholders, filled by the `format` option:
 * `questionPosition`, `pagerPosition`, `requestPosition` (`index`, `total`),
 * `markerLabel` (`index`, `status`), `feedbackTransport` (`message`), `transportHttp`
 * (`status`).
 */
export interface ComposerLabels {
  regionLabel: string
  /** The region's name when an agent names who asks: `{asker}` ("Question from Planner › Test writer"). */
  regionLabelFrom: string
  eyebrow: string
  planEyebrow: string
  questionPosition: string
  pagerPosition: string
  requestPosition: string
  previous: string
  nextQuestion: string
  next: string
  submit: string
  submitting: string
  retry: string
  skip: string
  dismiss: string
  confirmPrompt: string
  confirmDiscard: string
  keepAnswering: string
  minimize: string
  expand: string
  recommended: string
  customLabel: string
  customPlaceholder: string
  freeTextLabel: string
  freeTextPlaceholder: string
  keyboardHint: string
  /** Skip on a required question. */
  feedbackRequired: string
  /** Skip on the last question: nothing is sent until Submit. */
  feedbackSkipped: string
  /** The words for each constraint an answer breaks (`{minimum}`, `{maximum}`, `{count}` filled in). */
  constraintNumber: string
  constraintInteger: string
  constraintMinimum: string
  constraintMaximum: string
  constraintMinLength: string
  constraintMaxLength: string
  constraintEmail: string
  constraintUri: string
  constraintDate: string
  constraintDateTime: string
  constraintPattern: string
  constraintTooFew: string
  constraintTooMany: string
  constraintCustomNotAllowed: string
  /** A question's suggested answer (an MCP `default`), shown as the field's placeholder: `{value}`. */
  constraintSuggestion: string
  /** The key hint when Enter will send the batch (every other question is answered or skipped). */
  keyboardHintSubmit: string
  /** The key hint on touch keyboards, where Enter is a newline. */
  keyboardHintTouch: string
  progressLabel: string
  markerLabel: string
  statusAnswered: string
  statusSkipped: string
  statusOpen: string
  feedbackIncomplete: string
  feedbackUnanswered: string
  feedbackRejected: string
  feedbackNotPending: string
  feedbackTransport: string
  sent: string
  settledAnswered: string
  settledCancelled: string
  settledAborted: string
  settledTimedOut: string
  chatAboutIt: string
  /** The BCP 47 tag of these strings (`en`, `zh-CN`, `ja`), set as the root's `lang`. */
  lang: string
  /** Name of the footer's question navigation (previous, the markers, next): one toolbar. */
  navigationLabel: string
  /** A transport failure's reason, shown as `feedbackTransport`'s `{message}`: no connection. */
  transportNetwork: string
  /** The host refused the request with HTTP `{status}`. */
  transportHttp: string
  /** The host answered with something that is not a receipt. */
  transportBadReceipt: string
  /** Any other failure (its raw message stays in the state and the console). */
  transportUnknown: string
}
