import { describe, expect, it } from 'vitest'
import { createComposerState, restoreDrafts, serializeDrafts } from '../src/index.ts'
import { drive, request } from './fixtures.ts'

describe('drafts', () => {
  it('survive a round trip through JSON with the index', () => {
    const [state] = drive(
      createComposerState(request),
      { type: 'CHOOSE_OPTION', label: 'Blue' },
      { type: 'TOGGLE_OPTION', label: 'Ham' },
      { type: 'SET_CUSTOM_TEXT', text: 'Pineapple ' },
    )
    const stored = JSON.parse(JSON.stringify(serializeDrafts(state)))
    const restored = createComposerState(request, { drafts: stored })
    expect(restored.drafts).toEqual(state.drafts)
    expect(restored.index).toBe(1)
    expect(restored.phase).toBe('answering')
  })

  it('for another rpcId restore nothing', () => {
    const state = drive(createComposerState(request), { type: 'CHOOSE_OPTION', label: 'Blue' })[0]
    const other = { ...request, rpcId: 'rpc-other' }
    expect(restoreDrafts(other, serializeDrafts(state))).toBeNull()
    expect(createComposerState(other, { drafts: serializeDrafts(state) })).toEqual(
      createComposerState(other),
    )
  })

  it('drop a stored label that is no longer an option', () => {
    const data = {
      version: 1,
      rpcId: 'rpc-1',
      index: 0,
      drafts: {
        color: { selected: ['Purple'], custom: '', skipped: false },
        toppings: { selected: ['Ham', 'Pepperoni', 'Ham'], custom: '', skipped: false },
      },
    }
    const restored = restoreDrafts(request, data)
    expect(restored?.drafts.color?.selected).toEqual([])
    expect(restored?.drafts.toppings?.selected).toEqual(['Ham'])
  })

  it('keep single-select to one label, and the text typed beside it', () => {
    const restored = restoreDrafts(request, {
      rpcId: 'rpc-1',
      drafts: {
        color: { selected: ['Blue', 'Green'], custom: '', skipped: false },
        notes: { selected: ['Blue'], custom: 'hi', skipped: false },
      },
    })
    expect(restored?.drafts.color?.selected).toEqual(['Blue'])
    expect(restored?.drafts.notes).toEqual({ selected: [], custom: 'hi', skipped: false })
    const both = restoreDrafts(request, {
      rpcId: 'rpc-1',
      drafts: { color: { selected: ['Blue'], custom: 'Teal', skipped: false } },
    })
    // The text is kept (never dropped); the label is the answer until the user types again.
    expect(both?.drafts.color).toEqual({ selected: ['Blue'], custom: 'Teal', skipped: false })
  })

  it('prefer a stored answer over a contradictory skip flag', () => {
    const restored = restoreDrafts(request, {
      rpcId: 'rpc-1',
      drafts: {
        color: { selected: ['Blue'], custom: '', skipped: true },
        notes: { custom: '', skipped: true },
      },
    })
    expect(restored?.drafts.color).toEqual({ selected: ['Blue'], custom: '', skipped: false })
    expect(restored?.drafts.notes).toEqual({ selected: [], custom: '', skipped: true })
  })

  it('keep the stored label when the stored custom text is only invisible characters', () => {
    const restored = restoreDrafts(request, {
      rpcId: 'rpc-1',
      drafts: {
        color: { selected: ['Blue'], custom: '\u200b\u2060', skipped: false },
        notes: { selected: [], custom: '\u3164', skipped: true },
      },
    })
    expect(restored?.drafts.color?.selected).toEqual(['Blue'])
    expect(restored?.drafts.notes).toEqual({ selected: [], custom: '', skipped: true })
  })

  it('reset an index that is out of bounds', () => {
    for (const index of [7, -1, 1.5, '1', null])
      expect(restoreDrafts(request, { rpcId: 'rpc-1', index, drafts: {} })?.index).toBe(0)
  })

  it('never throw on garbage', () => {
    const garbage: unknown[] = [
      undefined,
      null,
      42,
      'drafts',
      [],
      { rpcId: 'rpc-1' },
      { rpcId: 'rpc-1', drafts: [] },
      {
        rpcId: 'rpc-1',
        drafts: { color: 'Blue', toppings: null, notes: { selected: 'x', custom: 3 } },
      },
      {
        rpcId: 'rpc-1',
        get drafts() {
          throw new Error('boom')
        },
      },
    ]
    for (const data of garbage) {
      expect(() => restoreDrafts(request, data)).not.toThrow()
      expect(() => createComposerState(request, { drafts: data })).not.toThrow()
    }
    const partial = restoreDrafts(request, garbage[7])
    expect(partial?.drafts.notes).toEqual({ selected: [], custom: '', skipped: false })
    expect(partial?.drafts.color).toBeUndefined()
  })

  it('ignore drafts of questions the request no longer has', () => {
    const restored = restoreDrafts(request, {
      rpcId: 'rpc-1',
      drafts: { gone: { selected: [], custom: 'x', skipped: false } },
    })
    expect(restored?.drafts).toEqual({})
  })
})
