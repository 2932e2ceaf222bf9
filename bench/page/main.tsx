/**
 * The B2 page: (a) a QuestionComposer on question 25 of a 50-question batch
 * (8 options each) and (b) a bare controlled <textarea>, each in its own root.
 */
import './hook.ts'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { QuestionComposer } from '../../packages/react/src/index.ts'

const request = {
  rpcId: 'bench-typing',
  sessionId: 'bench',
  questions: Array.from({ length: 50 }, (_, q) => ({
    id: `q${q + 1}`,
    header: `Step ${q + 1}`,
    question: `Question ${q + 1} of the rollout plan: which option fits best?`,
    multiSelect: q % 2 === 1,
    options: Array.from({ length: 8 }, (_, o) => ({
      label: o === 0 ? `Option ${o + 1} (Recommended)` : `Option ${o + 1}`,
      description: `What choosing option ${o + 1} for step ${q + 1} means.`,
    })),
  })),
}

const accept = async () => ({ accepted: true })

function Bare() {
  const [value, setValue] = useState('')
  return (
    <textarea
      aria-label="Bare textarea"
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
    />
  )
}

sessionStorage.clear()
const composer = document.getElementById('composer')
const bare = document.getElementById('bare')
if (!composer || !bare) throw new Error('page markup missing')
createRoot(composer).render(
  <QuestionComposer request={request} onAnswer={accept} onCancel={accept} />,
)
createRoot(bare).render(<Bare />)
