import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeRequest, renderComposer } from './fixtures.tsx'

describe('the Markdown chunk', () => {
  it('is loaded lazily: the detail shows as plain text until it arrives', async () => {
    renderComposer({
      request: makeRequest([{ id: 'q', question: 'Q', detail: 'Some **bold** text' }]),
    })
    const detail = document.querySelector('[data-part="detail"]')
    expect(detail).toHaveAttribute('data-loading')
    expect(detail).toHaveTextContent('Some **bold** text')
    expect(await screen.findByText('bold', { selector: 'strong' })).toBeInTheDocument()
  })
})
