import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type AskUserQuestionAnswerItem,
  type AskUserQuestionItem,
  validateAnswer,
  validateRequest,
} from '../src/index.ts'

const text = fc.string({ minLength: 1, maxLength: 12 }).filter((value) => value.trim().length > 0)

const optionLabels = fc.uniqueArray(text, { minLength: 0, maxLength: 5 })

/** A valid question; its id is assigned by position so ids stay unique. */
const question = (id: string) =>
  fc
    .record({ question: text, labels: optionLabels, multi: fc.boolean() })
    .map(({ question: q, labels, multi }): AskUserQuestionItem => {
      const item: AskUserQuestionItem = { id, question: q }
      if (labels.length > 0) item.options = labels.map((label) => ({ label }))
      if (multi && labels.length > 0) item.multiSelect = true
      return item
    })

const request = fc
  .uniqueArray(text, { minLength: 1, maxLength: 5 })
  .chain((ids) => fc.tuple(...ids.map(question)))
  .map((questions) => ({ questions }))

/** A draft a composer could hold for `item`: a subset of its labels and maybe custom text. */
function draft(item: AskUserQuestionItem): fc.Arbitrary<AskUserQuestionAnswerItem> {
  const labels = (item.options ?? []).map((option) => option.label)
  const custom = fc.option(text, { nil: undefined })
  const picked =
    labels.length === 0
      ? fc.constant<string[]>([])
      : item.multiSelect
        ? fc.shuffledSubarray(labels)
        : fc.shuffledSubarray(labels, { maxLength: 1 })
  return fc.tuple(picked, custom).map(([selected, typed]) => {
    if (typed === undefined) return { id: item.id, selected }
    // Single-select: custom replaces the selection. Multi-select: it may accompany it.
    return { id: item.id, selected: item.multiSelect ? selected : [], custom: `  ${typed} ` }
  })
}

const answered = request.chain((req) =>
  fc
    .tuple(...req.questions.map(draft))
    .chain((items) => fc.shuffledSubarray(items, { minLength: items.length }))
    .map((items) => ({ request: req, answer: { answers: items } })),
)

describe('answers built from valid drafts', () => {
  it('come from valid requests', () => {
    fc.assert(fc.property(request, (req) => validateRequest(req).ok))
  })

  it('always validate, normalized to question order with custom trimmed', () => {
    fc.assert(
      fc.property(answered, ({ request: req, answer }) => {
        const result = validateAnswer(req, answer)
        expect(result.ok).toBe(true)
        if (!result.ok) return
        expect(result.answer.answers.map((item) => item.id)).toEqual(req.questions.map((q) => q.id))
        for (const item of result.answer.answers) {
          if (item.custom !== undefined) expect(item.custom).toBe(item.custom.trim())
        }
      }),
    )
  })
})

/** Characters that show nothing on their own: a custom answer of only these is empty. */
const INVISIBLE = [' ', '\u00a0', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u202e']
INVISIBLE.push('\u2066', '\u2069', '\u3164', '\u2800', '\u115f', '\u034f', '\u180e')

/** One to four invisible characters, picked by `pick`. */
const invisible = (pick: number) =>
  Array.from(
    { length: 1 + (pick % 4) },
    (_, k) => INVISIBLE[(pick + k * 7) % INVISIBLE.length],
  ).join('')

type Answer = { answers: unknown[] }
type Mutation = (answer: { answers: AskUserQuestionAnswerItem[] }, pick: number) => Answer

const at = (items: unknown[], pick: number) => pick % items.length

const mutations: Record<string, Mutation> = {
  'renaming an id': ({ answers }, pick) => ({
    answers: answers.map((item, i) =>
      i === at(answers, pick) ? { ...item, id: `${item.id}\u0000renamed` } : item,
    ),
  }),
  'adding an unknown label': ({ answers }, pick) => ({
    answers: answers.map((item, i) =>
      i === at(answers, pick) ? { ...item, selected: [...item.selected, '\u0000unknown'] } : item,
    ),
  }),
  'duplicating an item': ({ answers }, pick) => ({
    answers: [...answers, answers[at(answers, pick)]],
  }),
  'dropping an item': ({ answers }, pick) => ({
    answers: answers.filter((_, i) => i !== at(answers, pick)),
  }),
  'emptying custom': ({ answers }, pick) => ({
    answers: answers.map((item, i) =>
      i === at(answers, pick) ? { ...item, custom: ' \t' } : item,
    ),
  }),
  'making custom only invisible characters': ({ answers }, pick) => ({
    answers: answers.map((item, i) =>
      i === at(answers, pick) ? { ...item, custom: invisible(pick) } : item,
    ),
  }),
  'making selected a string': ({ answers }, pick) => ({
    answers: answers.map((item, i) =>
      i === at(answers, pick) ? { ...item, selected: 'x' } : item,
    ),
  }),
  'making an id a number': ({ answers }, pick) => ({
    answers: answers.map((item, i) => (i === at(answers, pick) ? { ...item, id: pick } : item)),
  }),
  'making custom a number': ({ answers }, pick) => ({
    answers: answers.map((item, i) => (i === at(answers, pick) ? { ...item, custom: pick } : item)),
  }),
  'replacing an item with null': ({ answers }, pick) => ({
    answers: answers.map((item, i) => (i === at(answers, pick) ? null : item)),
  }),
}

describe('mutated answers', () => {
  it.each(Object.entries(mutations))(
    'are rejected with issues after %s, never thrown',
    (_, mutate) => {
      fc.assert(
        fc.property(answered, fc.nat(), ({ request: req, answer }, pick) => {
          let result: ReturnType<typeof validateAnswer> | undefined
          expect(() => {
            result = validateAnswer(req, mutate(answer, pick))
          }).not.toThrow()
          expect(result?.ok).toBe(false)
          if (result && !result.ok) {
            expect(result.issues.length).toBeGreaterThan(0)
            for (const issue of result.issues) expect(issue.code).toBe('BAD_ANSWER')
          }
        }),
      )
    },
  )

  it('never throw on arbitrary JSON', () => {
    fc.assert(
      fc.property(request, fc.jsonValue(), (req, garbage) => {
        expect(() => validateAnswer(req, garbage)).not.toThrow()
        expect(() => validateAnswer(req, { answers: [garbage] })).not.toThrow()
      }),
    )
  })
})
