import { displayText } from '../text/display-text.ts'
import { useApiValue, useStaticPart } from './use-part.ts'

/** The question text as a heading (focusable with `tabindex="-1"`). */
export function Title() {
  const text = useApiValue((api) => api.question?.question ?? '')
  return <h2 {...useStaticPart((api) => api.getTitleProps())}>{displayText(text)}</h2>
}
