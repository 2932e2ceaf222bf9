/**
 * `choose-to-next-paint`: (a) a QuestionComposer on a batch of single-select
 * questions (8 options with descriptions, one recommended) and (b) a bare
 * React radio list that shows the next question on change, each in its own
 * root. A click on an option of either shows the next question's heading.
 */
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { QuestionComposer } from '../../../packages/react/src/index.ts'
import { busy, fault } from './inject.ts'
import { measure, nextPaint, type PaintSample } from './paint.ts'

export type ChooseTarget = 'composer' | 'bare'

interface ChooseApi {
  /**
   * Gets `which` ready for one sample: a new batch when it is on its last
   * question, then the measurement armed for the next click inside it. Returns
   * where to click (the second option of the question on screen).
   */
  arm(which: ChooseTarget): Promise<{ x: number; y: number }>
  /** The armed sample, once the next question's heading is painted. */
  result(): Promise<PaintSample>
}

declare global {
  interface Window {
    __b5choose: ChooseApi
  }
}

const QUESTIONS = 25

function batch(run: number) {
  return {
    rpcId: `choose-${run}`,
    sessionId: 'bench',
    questions: Array.from({ length: QUESTIONS }, (_, q) => ({
      id: `q${q + 1}`,
      header: `Step ${q + 1}`,
      question: `Question ${q + 1} of run ${run}: which option fits best?`,
      options: Array.from({ length: 8 }, (_, o) => ({
        label: o === 0 ? `Option ${o + 1} (Recommended)` : `Option ${o + 1}`,
        description: `What choosing option ${o + 1} for step ${q + 1} means.`,
      })),
    })),
  }
}

type Batch = ReturnType<typeof batch>

const accept = async () => ({ accepted: true })

function BareList({ request }: { request: Batch }) {
  const [index, setIndex] = useState(0)
  const question = request.questions[index]
  if (!question) return null
  const last = request.questions.length - 1
  return (
    <fieldset key={question.id} style={{ display: 'grid', gap: 8 }}>
      <legend>
        <h2>{question.question}</h2>
      </legend>
      {question.options.map((option) => (
        <label key={option.label} style={{ display: 'grid', gridTemplateColumns: 'auto 1fr' }}>
          <input
            type="radio"
            name={question.id}
            onChange={() => setIndex((at) => Math.min(at + 1, last))}
          />
          <span>{option.label}</span>
          <span style={{ gridColumn: 2 }}>{option.description}</span>
        </label>
      ))}
    </fieldset>
  )
}

const HEADING: Record<ChooseTarget, string> = {
  composer: '[data-scope="question-composer"][data-part="title"]',
  bare: 'legend h2',
}
const OPTION: Record<ChooseTarget, string> = {
  composer: '[data-scope="question-composer"][data-part="option"]',
  bare: 'label',
}

export function mountChoose(): void {
  document.body.innerHTML =
    '<main style="display:grid;grid-template-columns:1fr 1fr;align-items:start;gap:24px;max-width:1200px;margin:24px auto"><div id="composer"></div><div id="bare"></div></main>'
  sessionStorage.clear()
  const elements = {
    composer: document.getElementById('composer'),
    bare: document.getElementById('bare'),
  }
  if (!elements.composer || !elements.bare) throw new Error('page markup missing')
  const roots = { composer: createRoot(elements.composer), bare: createRoot(elements.bare) }
  if (fault === 'slow-choice') elements.composer.addEventListener('click', () => busy(12), true)
  const runs = { composer: 0, bare: 0 }
  const requests = { composer: batch(0), bare: batch(0) }
  const render = (which: ChooseTarget) => {
    runs[which]++
    requests[which] = batch(runs[which])
    roots[which].render(
      which === 'composer' ? (
        <QuestionComposer request={requests.composer} onAnswer={accept} onCancel={accept} />
      ) : (
        <BareList key={runs.bare} request={requests.bare} />
      ),
    )
  }
  render('composer')
  render('bare')

  let armed: Promise<PaintSample> | null = null
  window.__b5choose = {
    async arm(which) {
      const root = elements[which] as HTMLElement
      const heading = () => root.querySelector(HEADING[which])?.textContent ?? ''
      let at = requests[which].questions.findIndex((q) => q.question === heading())
      if (at < 0 || at >= QUESTIONS - 1) {
        render(which)
        await nextPaint()
        at = requests[which].questions.findIndex((q) => q.question === heading())
        if (at !== 0) throw new Error(`${which} did not start a new batch: ${heading()}`)
      }
      const expected = requests[which].questions[at + 1]?.question
      const clicked = new Promise<number>((resolve) =>
        root.addEventListener('click', (event) => resolve(event.timeStamp), {
          capture: true,
          once: true,
        }),
      )
      armed = measure(clicked, root, () => heading() === expected)
      const option = root.querySelectorAll(OPTION[which])[1]
      if (!option) throw new Error(`${which} shows no second option`)
      const box = option.getBoundingClientRect()
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 }
    },
    result() {
      if (!armed) return Promise.reject(new Error('nothing armed'))
      const sample = armed
      armed = null
      return sample
    },
  }
}
