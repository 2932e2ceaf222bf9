'use client'

import { QuestionComposer } from '@parley/react'
import type { AskUserQuestionAnswer } from '@parley/seam'
import { useState } from 'react'
import { sampleRequest } from './sample-request'

/** The composer with a fixed request; the answer is shown instead of sent. */
export function SampleComposer() {
  const [answer, setAnswer] = useState<AskUserQuestionAnswer | null>(null)
  return (
    <>
      <QuestionComposer
        request={sampleRequest}
        draftStorage={null}
        onAnswer={async (sent) => setAnswer(sent)}
        onCancel={async () => setAnswer(null)}
      />
      <output data-testid="answer">{answer ? JSON.stringify(answer) : 'No answer yet.'}</output>
    </>
  )
}
