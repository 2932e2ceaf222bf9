import { assertNever } from './assert-never.ts'
import { optionLabels } from './composer.state.ts'
import type { ComposerEvent, ComposerState, KeyContext } from './composer.types.ts'
import { type CompositionTracker, isCompositionKey, type KeyInput } from './composition.ts'

/** Options of {@link keyIntent}. */
export interface KeyIntentOptions {
  /** When given, keys it says belong to a composition produce no event. */
  composition?: CompositionTracker
  /**
   * A touch keyboard: it has no Shift+Enter, so Enter in the custom field is
   * a newline and going on is the buttons' job.
   */
  touch?: boolean
}

const ARROWS: Record<string, 'next' | 'previous' | 'first' | 'last'> = {
  ArrowDown: 'next',
  ArrowRight: 'next',
  ArrowUp: 'previous',
  ArrowLeft: 'previous',
  Home: 'first',
  End: 'last',
}

function hasModifier(key: KeyInput): boolean {
  return key.altKey || key.ctrlKey || key.metaKey
}

function optionsIntent(key: KeyInput, state: ComposerState | undefined): ComposerEvent | null {
  if (hasModifier(key)) return null
  if (key.key === 'Enter') return key.shiftKey ? null : { type: 'CONFIRM_OPTION' }
  const to = ARROWS[key.key]
  if (to) return { type: 'MOVE_OPTION_FOCUS', to }
  if (/^[1-9]$/.test(key.key)) {
    const index = Number(key.key) - 1
    if (state) {
      const count = optionLabels(state.request.questions[state.index]).length
      if (index >= count) return null
    }
    return { type: 'CHOOSE_OPTION_AT', index }
  }
  return null
}

/**
 * The keyboard map as a pure function: which event a keydown means where focus
 * is, or `null` for none (let the browser act).
 *
 * - Keys of an IME composition (`isComposing`, `keyCode` 229, or what the
 *   optional tracker swallows) never produce an event.
 * - Escape never cancels: it closes the cancel confirmation (`KEEP_ANSWERING`)
 *   when it is open, else `null`.
 * - Enter, as the design note says, submits when every question is answered
 *   or explicitly skipped, else goes to the next open question: in the custom
 *   field `CONFIRM_ANSWER`, on an option `CONFIRM_OPTION` (a single-select
 *   option is chosen first; Space toggles a multi-select one). Shift+Enter is
 *   a newline in the custom field (`null`), and so is Enter on a touch keyboard.
 * - In the option list and anywhere else in the card but the custom field
 *   (its title, where focus lands when it appears; its buttons): digits 1–9
 *   choose / toggle the n-th option (`null` past the last option when `state`
 *   is given). In the option list, arrows, Home and End move roving focus.
 *   Digits are plain text in the custom field.
 */
export function keyIntent(
  key: KeyInput,
  context: KeyContext,
  state?: ComposerState,
  options: KeyIntentOptions = {},
): ComposerEvent | null {
  if (isCompositionKey(key)) return null
  if (options.composition?.shouldIgnoreEnter(key)) return null
  if (key.key === 'Escape') return state?.confirmingCancel ? { type: 'KEEP_ANSWERING' } : null
  switch (context) {
    case 'options':
      return optionsIntent(key, state)
    case 'custom':
      return key.key === 'Enter' && !key.shiftKey && !key.altKey && !options.touch
        ? { type: 'CONFIRM_ANSWER' }
        : null
    case 'text':
      return null
    case 'elsewhere':
      // The card's title (where focus lands when it appears), its buttons: the keycaps work too.
      return /^[1-9]$/.test(key.key) ? optionsIntent(key, state) : null
    default:
      return assertNever(context)
  }
}
