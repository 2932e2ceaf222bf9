import type {
  DownlinkFrame,
  MuxHelloFrame,
  QuestionAnswerFrame,
  QuestionDeadlineFrame,
  QuestionRequestedFrame,
  QuestionResolvedFrame,
} from '@parley/seam/wire'

/** The Parley frames `onFrame` routes, by `type`. */
export type QuestionFrame =
  | QuestionRequestedFrame
  | QuestionResolvedFrame
  | QuestionDeadlineFrame
  | QuestionAnswerFrame
  | MuxHelloFrame

/** True for a frame of this `type` (an app frame's `type` is any string, so `===` alone does not narrow). */
export function isFrame<T extends QuestionFrame['type']>(
  frame: DownlinkFrame,
  type: T,
): frame is Extract<QuestionFrame, { type: T }> {
  return frame.type === type
}
