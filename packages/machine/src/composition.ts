/** The parts of a keydown the keyboard rules read. No DOM types needed. */
export interface KeyInput {
  /** `KeyboardEvent.key`, e.g. `Enter`, `ArrowDown`, `3`. */
  key: string
  shiftKey: boolean
  altKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  /** `KeyboardEvent.isComposing`. */
  isComposing: boolean
  /** `KeyboardEvent.keyCode`; 229 means an IME is processing the key. */
  keyCode: number
  /**
   * `KeyboardEvent.timeStamp`: when the browser made the event, on the same
   * clock as the `compositionend` event's. When both are given the Safari
   * guard compares them, so a busy page that runs the handler late still
   * tells the stray Enter from a deliberate one.
   */
  timeStamp?: number | undefined
}

/** Tracks IME composition so a composition's Enter never continues or submits. */
export interface CompositionTracker {
  /** Feed `compositionstart`. */
  compositionStart(): void
  /** Feed `compositionend`, with the event's `timeStamp` when there is one. */
  compositionEnd(timeStamp?: number): void
  /** Feed `blur` of the text field: forgets any composition. */
  blur(): void
  /** True while a composition is open. */
  isComposing(): boolean
  /**
   * True when this keydown belongs to a composition and must not act: it has
   * `isComposing` or `keyCode` 229, a composition is open, or it is the one
   * plain Enter that Safari/macOS sends right after `compositionend` (within
   * the window). Call it once per keydown: it consumes that one Enter.
   */
  shouldIgnoreEnter(key: KeyInput): boolean
}

/** Options of {@link createCompositionTracker}. */
export interface CompositionTrackerOptions {
  /** Clock in milliseconds, read only when the events carry no `timeStamp`. @default Date.now */
  now?: () => number
  /** How long after `compositionend` a plain Enter is still swallowed. @default 50 */
  windowMs?: number
}

/** True when the keydown is itself part of an IME composition. */
export function isCompositionKey(key: KeyInput): boolean {
  return key.isComposing || key.keyCode === 229
}

/**
 * Creates a composition tracker the renderer feeds with `compositionstart`,
 * `compositionend` and `blur`. The clock is injectable for tests.
 */
export function createCompositionTracker(
  options: CompositionTrackerOptions | (() => number) = {},
): CompositionTracker {
  const settings = typeof options === 'function' ? { now: options } : options
  const now = settings.now ?? Date.now
  const windowMs = settings.windowMs ?? 50
  let composing = false
  // When the composition ended: the event's own timestamp, or else the clock's.
  let endedAt: { at: number; stamped: boolean } | null = null

  return {
    compositionStart() {
      composing = true
      endedAt = null
    },
    compositionEnd(timeStamp) {
      composing = false
      endedAt =
        timeStamp === undefined ? { at: now(), stamped: false } : { at: timeStamp, stamped: true }
    },
    blur() {
      composing = false
      endedAt = null
    },
    isComposing: () => composing,
    shouldIgnoreEnter(key) {
      if (isCompositionKey(key) || composing) return true
      const ended = endedAt
      // Only the first keydown after compositionend can be the stray Enter.
      endedAt = null
      if (ended === null || key.key !== 'Enter' || key.shiftKey) return false
      const at = ended.stamped && key.timeStamp !== undefined ? key.timeStamp : now()
      return at - ended.at <= windowMs
    },
  }
}
