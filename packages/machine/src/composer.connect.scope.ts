import type { AskUserQuestionItem } from '@parley/seam'
import type { ComposerIds, ComposerLabels } from './composer.anatomy.ts'
import type { FormatLabel } from './composer.labels.ts'
import type { ComposerEvent, ComposerState, QuestionDraft } from './composer.types.ts'
import type { CompositionTracker } from './composition.ts'

/** What the part getters share. */
export interface ConnectScope {
  state: ComposerState
  send: (event: ComposerEvent) => void
  ids: ComposerIds
  labels: ComposerLabels
  format: FormatLabel
  question: AskUserQuestionItem | undefined
  draft: QuestionDraft | undefined
  editable: boolean
  composition: CompositionTracker | undefined
}
