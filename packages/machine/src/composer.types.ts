import type { AskUserQuestionAnswer, AskUserQuestionAsker, AskUserQuestionItem } from '@parley/seam'

/** The request a composer answers: the host-minted key and the batch. */
export interface ComposerRequest {
  /** Host-minted key of the ask; stable across replays. */
  rpcId: string
  /** The conversation the request belongs to. */
  sessionId?: string | undefined
  /** The questions, one shown at a time in this order. */
  questions: readonly AskUserQuestionItem[]
  /** When the host registered the ask (ms since the epoch), if known: a timed-out card says how long it waited. */
  requestedAt?: number | undefined
  /**
   * When the host stops waiting (ms since the epoch), if it has a deadline:
   * the React card shows a countdown. A new value on the same `rpcId` keeps
   * the drafts (a replay).
   */
  deadlineAt?: number | undefined
  /** Who is asking; the eyebrow shows it ("Planner › Test writer · Tests"). */
  asker?: AskUserQuestionAsker | undefined
}

/** Where a request is in its life. A finite set, rendered as `data-state`. */
export type ComposerPhase =
  /** The user is answering. */
  | 'answering'
  /** The answer was handed to the transport; waiting for a receipt. */
  | 'submitting'
  /** The receipt was accepted; the host has not yet broadcast the resolution. */
  | 'awaiting-resolution'
  /** A cancel was handed to the transport; waiting for a receipt. */
  | 'cancelling'
  /** A receipt was rejected or the transport failed: the user can retry. */
  | 'failed'
  /** The request is over (see `outcome`). */
  | 'settled'

/** How a settled request ended. */
export type ComposerOutcome = 'answered' | 'cancelled' | 'aborted' | 'timed-out'

/**
 * How a request ended without this tab's accepted answer, as the card says
 * it: answered or dismissed in another tab (with the `answer` that counted,
 * when the host sent it), this tab's answer not used (another came first),
 * the assistant stopped waiting, this tab's user stopped it (`stopped`), it
 * timed out (after `waitedMs`, when known), the server whose agent awaited
 * it stopped or restarted (`server-gone`), or the host no longer has it.
 */
export type ComposerEnding =
  | { kind: 'answered-elsewhere'; answer?: AskUserQuestionAnswer | undefined }
  | { kind: 'answer-not-used' }
  | { kind: 'cancelled-elsewhere' }
  | { kind: 'aborted' }
  | { kind: 'stopped' }
  | { kind: 'timed-out'; waitedMs?: number | undefined }
  | { kind: 'server-gone' }
  | { kind: 'gone' }

/** The user's work on one question. */
export interface QuestionDraft {
  /** Selected option labels (original spelling). Single-select holds at most one. */
  selected: string[]
  /** The custom ("Other") text, as typed (untrimmed). */
  custom: string
  /** Deliberately skipped. A skipped draft holds no answer. */
  skipped: boolean
}

/** Keys of the messages the machine asks the UI to show (translated by the UI). */
export type FeedbackKey =
  /** Submit with items neither answered nor skipped. */
  | 'incomplete'
  /** Enter pressed on an item with no answer. */
  | 'unanswered'
  /** The host refused the response as invalid (`bad-response`). */
  | 'rejected'
  /** The host no longer has the request (`not-pending`). */
  | 'not-pending'
  /** The answer on screen breaks its question's constraints (a number out of range, …). */
  | 'invalid'
  /** Skip on a question that is `required`. */
  | 'required'
  /** Skip on the last question: said, since nothing is sent until Submit (tone `info`). */
  | 'skipped'

/** Why a respond or cancel failed before a receipt arrived, as data the UI translates. */
export type TransportFailure =
  /** The request did not reach the host (offline, DNS, CORS). */
  | { kind: 'network' }
  /** The host refused it with this HTTP status. */
  | { kind: 'http'; status: number }
  /** The host answered with something that is not a receipt. */
  | { kind: 'bad-receipt' }
  | { kind: 'unknown' }

/**
 * Feedback shown in the status region: a message key (re-translatable), or a
 * transport failure: its raw text (for developers) and, when known, its kind
 * (what the UI shows, translated; none reads as `unknown`).
 */
export type ComposerFeedback =
  | { kind: 'message'; key: FeedbackKey; issues?: readonly RejectedIssue[] | undefined }
  | { kind: 'text'; text: string; failure?: TransportFailure }
  | null

/** One reason the host gave for refusing an answer (`bad-response`), and the question it concerns. */
export interface RejectedIssue {
  questionId?: string | undefined
  message: string
}

/** What a retry after `failed` repeats. */
export type ComposerAttempt = 'submit' | 'cancel'

/** The full state of one composer. Plain data, safe to serialise. */
export interface ComposerState {
  rpcId: string
  request: ComposerRequest
  /** Index of the question on screen. */
  index: number
  /** One draft per question id. */
  drafts: Readonly<Record<string, QuestionDraft>>
  phase: ComposerPhase
  /** Set once `phase` is `settled`. */
  outcome: ComposerOutcome | null
  /** How the card ended, when it ended without this tab's accepted answer (see `REQUEST_ENDED`). */
  ending: ComposerEnding | null
  /** The last transport action, so `failed` knows what a retry repeats. */
  attempt: ComposerAttempt | null
  feedback: ComposerFeedback
  /** The dismiss control asked for confirmation (drafts would be lost). */
  confirmingCancel: boolean
  /** The card is collapsed; drafts and index are kept. */
  minimized: boolean
  /** Index of the option that holds roving focus in the current question. */
  activeOption: number
}

/**
 * Where focus is, for the keyboard map: the option list, the custom field,
 * another text field a layout put in the card (`text`: every key is its
 * own), or elsewhere in the card (its title, its buttons).
 */
export type KeyContext = 'options' | 'custom' | 'text' | 'elsewhere'

/** Every event the machine understands. Verb-first SCREAMING_SNAKE. */
export type ComposerEvent =
  | { type: 'CHOOSE_OPTION'; label: string }
  | { type: 'TOGGLE_OPTION'; label: string }
  | { type: 'CHOOSE_OPTION_AT'; index: number }
  | { type: 'MOVE_OPTION_FOCUS'; to: 'next' | 'previous' | 'first' | 'last' }
  | { type: 'SET_CUSTOM_TEXT'; text: string }
  | { type: 'SKIP_QUESTION' }
  | { type: 'GO_NEXT' }
  | { type: 'GO_PREVIOUS' }
  | { type: 'GO_TO_QUESTION'; index: number }
  /** The Next button: the next question (an answer or a skip on this one first). */
  | { type: 'CONTINUE' }
  /**
   * Enter in the custom field: submits when every question is answered or
   * skipped, else goes to the next open question.
   */
  | { type: 'CONFIRM_ANSWER' }
  /**
   * Enter on the focused option: a single-select question chooses it first;
   * then as `CONFIRM_ANSWER` (a multi-select option is not toggled: Space does that).
   */
  | { type: 'CONFIRM_OPTION' }
  | { type: 'SUBMIT' }
  | { type: 'REQUEST_CANCEL' }
  | { type: 'CONFIRM_CANCEL' }
  | { type: 'KEEP_ANSWERING' }
  | { type: 'RETRY' }
  | { type: 'RECEIPT_ACCEPTED' }
  | {
      type: 'RECEIPT_REJECTED'
      reason: 'bad-response' | 'not-pending'
      message?: string
      /** The host's reasons for a `bad-response`, shown at the question they concern. */
      issues?: readonly RejectedIssue[] | undefined
    }
  | { type: 'TRANSPORT_FAILED'; message: string; failure?: TransportFailure }
  | { type: 'REQUEST_RESOLVED'; outcome: ComposerOutcome }
  /** The request left the pending list without this tab's accepted answer: the card says how. */
  | { type: 'REQUEST_ENDED'; ending: ComposerEnding }
  | { type: 'MINIMIZE' }
  | { type: 'EXPAND' }
  | { type: 'REPLAY_REQUEST'; request: ComposerRequest }

/** A focus target the renderer moves focus to. */
export type FocusTarget =
  | { part: 'heading' }
  | { part: 'option'; index: number }
  | { part: 'custom-answer' }
  | { part: 'submit' }

/** Side effects, returned as data by `transition` and run by the store. */
export type ComposerEffect =
  | { type: 'submit'; rpcId: string; answer: AskUserQuestionAnswer }
  | { type: 'cancel'; rpcId: string }
  | { type: 'focus'; target: FocusTarget }
  | { type: 'announce'; message: AnnounceMessage }

/** Something for the live region, as data so the UI translates it. */
export type AnnounceMessage =
  /** `index` is 0-based (show `index + 1` of `total`). */
  | { key: 'question-position'; index: number; total: number }
  | { key: 'feedback'; feedback: Exclude<ComposerFeedback, null> }
  | { key: 'sent' }
  | { key: 'settled'; outcome: ComposerOutcome }
