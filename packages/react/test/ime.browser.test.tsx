import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { cdp, userEvent } from 'vitest/browser'
import '../src/styles.css'
import { QuestionComposer } from '../src/index.ts'
import { colour, makeRequest, memoryStorage, name, root } from './fixtures.tsx'

/**
 * Real IME composition through the DevTools protocol, as a Japanese IME on
 * Chromium produces it: `Input.imeSetComposition` opens the composition, an
 * Enter keydown arrives while it is open (Chromium marks it `isComposing`), and
 * `Input.insertText` commits the candidate (`compositionend`).
 */
function setup() {
  const onAnswer = vi.fn(async (_answer: unknown): Promise<unknown> => ({ accepted: true }))
  render(
    <QuestionComposer
      request={makeRequest([name, colour])}
      onAnswer={onAnswer}
      onCancel={async () => ({ accepted: true })}
      draftStorage={memoryStorage()}
    />,
  )
  const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Your answer/ })
  return { onAnswer, field }
}

type KeyEvent = { type: 'rawKeyDown' | 'keyUp'; key: string; code: string; vk: number }

async function dispatchKey({ type, key, code, vk }: KeyEvent) {
  await cdp().send('Input.dispatchKeyEvent', {
    type,
    key,
    code,
    windowsVirtualKeyCode: vk,
    nativeVirtualKeyCode: vk,
  })
}

function recordKeydowns(field: HTMLElement) {
  const seen: { key: string; keyCode: number; isComposing: boolean }[] = []
  field.addEventListener('keydown', (event) => {
    queueMicrotask(() =>
      seen.push({
        key: event.key,
        keyCode: event.keyCode,
        isComposing: event.isComposing,
      }),
    )
  })
  return seen
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('IME composition in the custom answer (Chromium, DevTools protocol)', () => {
  it('Enter while composing only confirms the candidate; a later Enter continues', async () => {
    const { onAnswer, field } = setup()
    const keydowns = recordKeydowns(field)
    await userEvent.click(field)

    await cdp().send('Input.imeSetComposition', {
      text: 'にほんご',
      selectionStart: 4,
      selectionEnd: 4,
    })
    // Enter as the IME sends it while the candidate window is open…
    await dispatchKey({ type: 'rawKeyDown', key: 'Enter', code: 'Enter', vk: 13 })
    await dispatchKey({ type: 'keyUp', key: 'Enter', code: 'Enter', vk: 13 })
    // …and as Windows IMEs report it (VK_PROCESSKEY).
    await dispatchKey({ type: 'rawKeyDown', key: 'Process', code: 'Enter', vk: 229 })
    await dispatchKey({ type: 'keyUp', key: 'Process', code: 'Enter', vk: 229 })
    await cdp().send('Input.insertText', { text: '日本語' })

    await wait(0)
    // Chromium flags both keydowns as part of the composition.
    expect(
      keydowns.map(({ key, keyCode, isComposing }) => ({ key, keyCode, isComposing })),
    ).toEqual([
      { key: 'Enter', keyCode: 13, isComposing: true },
      { key: 'Process', keyCode: 229, isComposing: true },
    ])
    expect(field).toHaveValue('日本語')
    expect(field).toHaveFocus()
    expect(screen.getByRole('heading', { name: name.question })).toBeVisible()
    expect(root().querySelector('[data-part="status"]')).toHaveTextContent('')
    expect(onAnswer).not.toHaveBeenCalled()

    // A deliberate Enter well after compositionend continues to the next question.
    await wait(120)
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByRole('heading', { name: colour.question })).toBeVisible()
    expect(onAnswer).not.toHaveBeenCalled()

    // The committed text is the answer.
    await userEvent.click(screen.getByRole('radio', { name: 'Red' }))
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    await vi.waitFor(() =>
      expect(onAnswer).toHaveBeenCalledWith({
        answers: [
          { id: 'name', selected: [], custom: '日本語' },
          { id: 'colour', selected: ['Red'] },
        ],
      }),
    )
  })

  it('Shift+Enter after a composition inserts a newline instead of continuing', async () => {
    const { field } = setup()
    await userEvent.click(field)
    await cdp().send('Input.imeSetComposition', {
      text: 'かな',
      selectionStart: 2,
      selectionEnd: 2,
    })
    await cdp().send('Input.insertText', { text: '仮名' })
    await wait(120)
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}')
    await userEvent.keyboard('x')
    expect(field).toHaveValue('仮名\nx')
    expect(screen.getByRole('heading', { name: name.question })).toBeVisible()
  })
})
