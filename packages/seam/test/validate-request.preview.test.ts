import { describe, expect, it } from 'vitest'
import { MAX_OPTION_PREVIEW_BYTES, validateRequest } from '../src/index.ts'
import { parseDownlinkFrame } from '../src/wire.ts'

const withPreview = (preview: string) => ({
  questions: [
    {
      id: 'layout',
      question: 'Which layout?',
      options: [{ label: 'Grid', description: 'Cards in rows', preview }, { label: 'List' }],
    },
  ],
})

describe('an option preview', () => {
  it('is kept, as written, on a valid request', () => {
    const result = validateRequest(withPreview('```ts\nconst grid = true\n```'))
    expect(result.ok && result.request.questions[0]?.options?.[0]).toEqual({
      label: 'Grid',
      description: 'Cards in rows',
      preview: '```ts\nconst grid = true\n```',
    })
  })

  it(`may be exactly ${MAX_OPTION_PREVIEW_BYTES} bytes of UTF-8`, () => {
    // 'é' is two bytes: the limit counts bytes, not characters.
    expect(validateRequest(withPreview('é'.repeat(MAX_OPTION_PREVIEW_BYTES / 2))).ok).toBe(true)
  })

  it('over the byte limit is refused with INVALID_QUESTION, naming the option', () => {
    const result = validateRequest(withPreview('é'.repeat(MAX_OPTION_PREVIEW_BYTES / 2 + 1)))
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues).toEqual([
      {
        code: 'INVALID_QUESTION',
        rule: 'preview-too-large',
        questionId: 'layout',
        path: ['questions', 0, 'options', 0, 'preview'],
        message: `Question "layout": the preview of "Grid" is ${MAX_OPTION_PREVIEW_BYTES + 2} bytes; at most ${MAX_OPTION_PREVIEW_BYTES} are shown.`,
      },
    ])
  })

  it('must be a string', () => {
    const result = validateRequest(withPreview(42 as unknown as string))
    expect(result.ok).toBe(false)
    if (!result.ok)
      expect(result.issues[0]).toMatchObject({ code: 'INVALID_QUESTION', rule: 'shape' })
  })

  it('reaches a browser in a question/requested frame', () => {
    const frame = {
      type: 'question/requested',
      rpcId: 'r1',
      sessionId: 's1',
      requestedAt: 1,
      ...withPreview('**bold** grid'),
    }
    const parsed = parseDownlinkFrame(frame)
    expect(parsed.ok && parsed.value).toMatchObject({
      questions: [{ options: [{ label: 'Grid', preview: '**bold** grid' }, { label: 'List' }] }],
    })
  })
})
