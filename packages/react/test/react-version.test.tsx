import { version } from 'react'
import { describe, expect, it } from 'vitest'

describe('the React the jsdom suite runs on', () => {
  it('is the workspace React (19); the jsdom-react18 project runs the same suite on 18.3', () => {
    expect(version.startsWith('19.')).toBe(true)
  })
})
