import type { AskUserQuestionAmendment, AskUserQuestionRequest } from '@parley/seam'
import { describe, expect, it } from 'vitest'
import { createAskUserQuestionTool, formatAmendment } from '../src/index.ts'
import { firstOption, modelInput, serviceAnswering } from './helpers.ts'

const questions = [
  { id: 'db', question: 'Which database?' },
  { id: 'features', question: 'Which features?' },
  { id: 'name', question: 'Project name?' },
]
const previous = {
  answers: [
    { id: 'db', selected: ['Postgres (Recommended)'] },
    { id: 'features', selected: ['Auth'] },
    { id: 'name', selected: [], custom: 'typed' },
  ],
}

describe('formatAmendment', () => {
  it('says which answer changed, to what and from what, and that the rest stands', () => {
    const amendment: AskUserQuestionAmendment = {
      rpcId: 'rpc-1',
      revision: 1,
      changed: ['db'],
      previous,
      answer: { answers: [{ id: 'db', selected: ['SQLite'] }, ...previous.answers.slice(1)] },
    }
    expect(formatAmendment(amendment, questions)).toBe(
      [
        'The user changed their answer to db after sending it (change 1):',
        '- db ("Which database?"): now selected "SQLite"; before, selected "Postgres (Recommended)"',
        'Their other answers stand. Use the new answer from here on; if you already acted on the old one, say so and adapt.',
      ].join('\n'),
    )
  })

  it('lists several changes, a skip stated plainly, and ids alone without questions', () => {
    const amendment: AskUserQuestionAmendment = {
      rpcId: 'rpc-1',
      revision: 2,
      changed: ['features', 'name'],
      previous,
      answer: {
        answers: [
          previous.answers[0] as (typeof previous.answers)[0],
          { id: 'features', selected: [] },
          { id: 'name', selected: [], custom: 'Parley' },
        ],
      },
    }
    expect(formatAmendment(amendment).split('\n')).toEqual([
      'The user changed their answer to these questions after sending it (change 2):',
      '- features: now skipped (no answer given; do not assume one); before, selected "Auth"',
      '- name: now wrote "Parley"; before, wrote "typed"',
      'Their other answers stand. Use the new answer from here on; if you already acted on the old one, say so and adapt.',
    ])
  })
})

describe('execute with onAmend', () => {
  it('hands each amendment on with its follow-up text, labelled by the model questions', async () => {
    const { service, seen } = serviceAnswering(firstOption)
    const heard: [AskUserQuestionAmendment, string][] = []
    await createAskUserQuestionTool(service).execute(modelInput, {
      onAmend: (amendment, followUp) => heard.push([amendment, followUp]),
    })
    const request = seen[0] as AskUserQuestionRequest
    const answered = firstOption(request)
    const changed = {
      answers: answered.answers.map((item) =>
        item.id === 'db' ? { id: 'db', selected: ['SQLite'] } : item,
      ),
    }
    request.onAmend?.({
      rpcId: 'rpc-9',
      revision: 1,
      changed: [],
      answer: changed,
      previous: answered,
    })
    expect(heard).toHaveLength(1)
    expect(heard[0]?.[0]).toMatchObject({ rpcId: 'rpc-9', revision: 1, changed: ['db'] })
    expect(heard[0]?.[1].split('\n')[1]).toBe(
      '- db ("Which database?"): now selected "SQLite"; before, selected "Postgres (Recommended)"',
    )
  })

  it('offers the provider no onAmend without one: the answer is final', async () => {
    const { service, seen } = serviceAnswering(firstOption)
    await createAskUserQuestionTool(service).execute(modelInput)
    expect(seen[0]?.onAmend).toBeUndefined()
  })
})
