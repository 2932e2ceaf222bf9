import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { QuestionComposer } from '../src/index.ts'
import { colour, makeRequest, memoryStorage, name, toppings } from './fixtures.tsx'

const request = makeRequest([colour, toppings, name])

function mount(storage: ReturnType<typeof memoryStorage>, onAnswer = vi.fn(async () => ({}))) {
  return render(
    <QuestionComposer
      request={request}
      onAnswer={onAnswer}
      onCancel={async () => ({})}
      draftStorage={storage}
    />,
  )
}

describe('drafts', () => {
  it('survive a remount (reload) through the draft storage, per rpcId', async () => {
    const user = userEvent.setup()
    const storage = memoryStorage()
    const first = mount(storage)
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    await user.click(screen.getByRole('checkbox', { name: 'Olives' }))
    await user.type(screen.getByRole('textbox', { name: /Other answer/ }), 'Anchovies')
    first.unmount()
    expect([...storage.data.keys()]).toEqual(['parley:drafts:rpc-1'])

    mount(storage)
    expect(screen.getByRole('heading', { name: 'Which toppings?' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Olives' })).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByRole('textbox', { name: /Other answer/ })).toHaveValue('Anchovies')
    expect(screen.getByRole('button', { name: 'Question 1: answered' })).toBeInTheDocument()
  })

  it('another request starts empty', async () => {
    const user = userEvent.setup()
    const storage = memoryStorage()
    const first = mount(storage)
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    first.unmount()
    render(
      <QuestionComposer
        request={makeRequest([colour], 'rpc-2')}
        onAnswer={async () => ({})}
        onCancel={async () => ({})}
        draftStorage={storage}
      />,
    )
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveAttribute('aria-checked', 'false')
  })

  it('are forgotten once the answer is sent', async () => {
    const user = userEvent.setup()
    const storage = memoryStorage()
    mount(storage)
    await user.click(screen.getByRole('radio', { name: 'Red' }))
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Sent'))
    expect(storage.data.size).toBe(0)
  })

  it('ignore unreadable or foreign stored data and a failing storage', () => {
    const storage = memoryStorage()
    storage.data.set('parley:drafts:rpc-1', '{not json')
    mount(storage).unmount()
    const broken = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceeded')
      },
      removeItem: () => {},
    }
    render(
      <QuestionComposer
        request={request}
        onAnswer={async () => ({})}
        onCancel={async () => ({})}
        draftStorage={broken}
      />,
    )
    expect(screen.getByRole('heading', { name: 'Which colour?' })).toBeInTheDocument()
  })

  it('default to sessionStorage', async () => {
    const user = userEvent.setup()
    sessionStorage.clear()
    render(
      <QuestionComposer
        request={makeRequest([colour, name], 'rpc-session')}
        onAnswer={async () => ({})}
        onCancel={async () => ({})}
      />,
    )
    await user.click(screen.getByRole('radio', { name: 'Green' }))
    expect(sessionStorage.getItem('parley:drafts:rpc-session')).toContain('Green')
  })
})
