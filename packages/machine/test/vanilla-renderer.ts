/**
 * A second renderer, for one test: the composer in plain DOM elements from
 * `connect()`, no framework. Not shipped. It shows what an adapter is: spread
 * the getters' attributes, map the neutral handlers to DOM events, and keep
 * the field's own text.
 */
import type { AskUserQuestionAnswer } from '@parley/seam'
import {
  type ComposerEnding,
  type ComposerLabels,
  type ComposerRequest,
  type ComposerStore,
  connect,
  createComposerStore,
  createCompositionTracker,
  type KeyContext,
  type PartProps,
} from '../src/index.ts'

export const labels: ComposerLabels = {
  regionLabel: 'Question from the assistant',
  regionLabelFrom: 'Question from {asker}',
  eyebrow: 'Question',
  planEyebrow: 'Plan review',
  questionPosition: 'Question {index} of {total}',
  pagerPosition: '{index} / {total}',
  requestPosition: 'Request {index} of {total}',
  previous: 'Previous question',
  nextQuestion: 'Next question',
  next: 'Next',
  submit: 'Submit',
  submitting: 'Submitting…',
  retry: 'Try again',
  skip: 'Skip',
  dismiss: 'Dismiss question',
  confirmPrompt: 'Discard your answers?',
  confirmDiscard: 'Discard',
  keepAnswering: 'Keep answering',
  minimize: 'Minimize',
  expand: 'Expand',
  recommended: 'Recommended',
  customLabel: 'Other answer',
  customPlaceholder: 'Something else…',
  freeTextLabel: 'Your answer',
  freeTextPlaceholder: 'Type your answer…',
  keyboardHint: 'Enter to continue',
  keyboardHintSubmit: 'Enter to submit · Shift+Enter for a new line',
  keyboardHintTouch: 'Return adds a new line · use the buttons below to go on',
  feedbackRequired: 'This question needs an answer: it cannot be skipped.',
  feedbackSkipped: 'Skipped. Submit sends your answers.',
  constraintNumber: 'Enter a number.',
  constraintInteger: 'Enter a whole number.',
  constraintMinimum: 'Enter {minimum} or more.',
  constraintMaximum: 'Enter {maximum} or less.',
  constraintMinLength: 'Use at least {count} characters.',
  constraintMaxLength: 'Use at most {count} characters.',
  constraintEmail: 'Enter an email address, such as name@example.com.',
  constraintUri: 'Enter a full web address, such as https://example.com.',
  constraintDate: 'Enter a date as YYYY-MM-DD.',
  constraintDateTime: 'Enter a date and time, such as 2026-12-01T09:30:00Z.',
  constraintPattern: 'This answer does not have the expected form.',
  constraintTooFew: 'Choose at least {count}.',
  constraintTooMany: 'Choose at most {count}.',
  constraintCustomNotAllowed: 'Choose one of the options.',
  constraintSuggestion: 'Suggested: {value}',
  progressLabel: 'Questions',
  markerLabel: 'Question {index}: {status}',
  statusAnswered: 'answered',
  statusSkipped: 'skipped',
  statusOpen: 'open',
  feedbackIncomplete: 'Answer or skip every question before submitting.',
  feedbackUnanswered: 'Choose an option, type an answer, or skip this question.',
  feedbackRejected: 'The answer was not accepted.',
  feedbackNotPending: 'This question is no longer waiting.',
  feedbackTransport: 'Could not send: {message}',
  sent: 'Sent.',
  settledAnswered: 'Answered',
  settledCancelled: 'Dismissed',
  settledAborted: 'Stopped',
  settledTimedOut: 'Timed out',
  chatAboutIt: 'Chat about it',
  lang: 'en',
  navigationLabel: 'Question navigation',
  transportNetwork: 'the server cannot be reached.',
  transportHttp: 'the server refused it (HTTP {status}).',
  transportBadReceipt: 'the reply could not be read.',
  transportUnknown: 'something went wrong.',
}

const format = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole))

const EVENTS: Record<string, string> = {
  onClick: 'click',
  onKeyDown: 'keydown',
  onInput: 'input',
  onCompositionStart: 'compositionstart',
  onCompositionEnd: 'compositionend',
  onBlur: 'blur',
}

function where(target: EventTarget | null): KeyContext {
  if (!(target instanceof HTMLElement)) return 'elsewhere'
  if (target.closest('[data-part="custom-input"]')) return 'custom'
  if (target.matches('input, textarea, select, [contenteditable]')) return 'text'
  return target.closest('[data-part="options"]') ? 'options' : 'elsewhere'
}

const listeners = new WeakMap<HTMLElement, Map<string, EventListener>>()

function listener(name: string, handler: (...args: never[]) => unknown): EventListener {
  if (name === 'onInput')
    return (event) => handler(...([(event.target as HTMLTextAreaElement).value] as never[]))
  if (name !== 'onKeyDown') return () => handler()
  return (event) => {
    const key = event as KeyboardEvent
    const input = { ...pick(key), isComposing: key.isComposing, keyCode: key.keyCode }
    if (handler(...([input, where(key.target)] as never[]))) key.preventDefault()
  }
}

function pick({ key, shiftKey, altKey, ctrlKey, metaKey }: KeyboardEvent) {
  return { key, shiftKey, altKey, ctrlKey, metaKey }
}

/** Puts a part's props on an element: attributes by their HTML names, handlers as listeners. */
function spread(element: HTMLElement, props: PartProps): HTMLElement {
  const bound = listeners.get(element) ?? new Map<string, EventListener>()
  listeners.set(element, bound)
  for (const [name, value] of Object.entries(props)) {
    const event = EVENTS[name]
    if (event) {
      const previous = bound.get(event)
      if (previous) element.removeEventListener(event, previous)
      const next = listener(name, value as (...args: never[]) => unknown)
      bound.set(event, next)
      element.addEventListener(event, next)
    } else if (value === undefined || (value === false && !name.startsWith('aria-')))
      element.removeAttribute(name)
    else
      element.setAttribute(name, value === true && !name.startsWith('aria-') ? '' : String(value))
  }
  return element
}

function make(tag: string, props: PartProps, text = ''): HTMLElement {
  const element = spread(document.createElement(tag), props)
  element.textContent = text
  return element
}

/** This renderer's sentence for each ending (`@parley/react` has its own dictionaries). */
const ENDED: Record<ComposerEnding['kind'], string> = {
  'answered-elsewhere': 'Answered in another tab.',
  'answer-not-used': 'Another answer came first; yours was not used.',
  'cancelled-elsewhere': 'Dismissed in another tab.',
  aborted: 'The assistant stopped waiting.',
  stopped: 'You stopped the assistant.',
  'timed-out': 'Timed out.',
  'server-gone': 'The server stopped or restarted.',
  gone: 'No longer waiting.',
}

/** Mounts a composer for `request` into `container`; `onSubmit` gets the answer. Returns its store. */
export function mountVanillaComposer(
  container: HTMLElement,
  request: ComposerRequest,
  onSubmit: (answer: AskUserQuestionAnswer) => void,
): ComposerStore {
  const store = createComposerStore({ request, onSubmit: (_rpcId, answer) => onSubmit(answer) })
  const options = { id: 'v-', messages: labels, format, composition: createCompositionTracker() }
  const root = document.createElement('section')
  const title = document.createElement('h2')
  const list = document.createElement('div')
  const label = document.createElement('label')
  const field = document.createElement('textarea')
  const buttons = ['previous', 'next', 'skip', 'submit'].map(() => document.createElement('button'))
  const status = document.createElement('div')
  const ended = document.createElement('p')
  root.append(title, list, label, field, ...buttons, status, ended)
  container.append(root)

  const render = () => {
    const api = connect(store.getState(), store.send, options)
    spread(root, api.getRootProps())
    spread(title, api.getTitleProps()).textContent = api.question?.question ?? ''
    spread(list, api.getOptionsProps()).hidden = api.optionCount === 0
    list.replaceChildren(
      ...Array.from({ length: api.optionCount }, (_, at) => {
        const option = make('button', api.getOptionProps(at))
        option.append(make('span', api.getOptionLabelTextProps(at), api.option(at).display))
        return option
      }),
    )
    spread(label, api.getCustomLabelProps()).textContent = api.customLabel
    spread(field, api.getCustomInputProps())
    if (field.value !== api.customText) field.value = api.customText
    const [previous, next, skip, submit] = buttons
    if (previous) spread(previous, api.getPreviousProps())
    if (next) spread(next, api.getNextProps())
    if (skip) spread(skip, api.getSkipProps()).textContent = api.labels.skip
    if (submit) spread(submit, api.getSubmitProps()).textContent = api.primaryLabel
    spread(status, api.getStatusProps()).textContent = api.status.text
    // How it ended is the machine's word; the renderer only says it.
    ended.hidden = api.ending === null
    ended.textContent = api.ending ? ENDED[api.ending.kind] : ''
  }
  store.subscribe(render)
  render()
  return store
}
