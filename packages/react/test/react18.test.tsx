import { version } from 'react'
import { version as domVersion } from 'react-dom'
import { describe, expect, it } from 'vitest'

describe('React 18 support', () => {
  it('runs each suite on the React its project names', () => {
    expect(domVersion).toBe(version)
    expect(['18.', '19.'].some((major) => version.startsWith(major))).toBe(true)
  })
})
