import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { cdp, userEvent } from 'vitest/browser'
import { ChatInput } from '../src/components/chat-input.tsx'

/**
 * The demo's chat input with real IME composition through the DevTools
 * protocol, as the composer's own IME test drives it: `Input.imeSetComposition`
 * opens a composition (`compositionstart`), `Input.insertText` commits the
 * candidate (`compositionend`).
 */
let session = 0

function setup() {
  const onSend = vi.fn(async (_text: string) => {})
  // A fresh session each time: the input keeps drafts per session.
  render(<ChatInput sessionId={`ime-${++session}`} onSend={onSend} busy={false} />)
  const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' })
  return { onSend, field }
}

async function key(type: 'rawKeyDown' | 'keyUp', name: string, vk: number) {
  await cdp().send('Input.dispatchKeyEvent', {
    type,
    key: name,
    code: 'Enter',
    windowsVirtualKeyCode: vk,
    nativeVirtualKeyCode: vk,
  })
}

async function compose(reading: string, committed: string) {
  await cdp().send('Input.imeSetComposition', {
    text: reading,
    selectionStart: reading.length,
    selectionEnd: reading.length,
  })
  await cdp().send('Input.insertText', { text: committed })
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the demo chat input and IME composition (Chromium, DevTools protocol)', () => {
  it('an Enter or a keyCode 229 keydown inside a composition never sends', async () => {
    const { onSend, field } = setup()
    await userEvent.click(field)
    await cdp().send('Input.imeSetComposition', {
      text: 'にほんご',
      selectionStart: 4,
      selectionEnd: 4,
    })
    await key('rawKeyDown', 'Enter', 13)
    await key('keyUp', 'Enter', 13)
    await key('rawKeyDown', 'Process', 229)
    await key('keyUp', 'Process', 229)
    await cdp().send('Input.insertText', { text: '日本語' })
    await wait(120)
    expect(field).toHaveValue('日本語')
    expect(onSend).not.toHaveBeenCalled()
  })

  it('the Enter Safari sends right after compositionend only confirms: no send, no newline; a later Enter sends', async () => {
    const { onSend, field } = setup()
    await userEvent.click(field)
    // Safari/macOS: one plain Enter keydown in the same turn as compositionend,
    // after the page's own compositionend handlers (React's listen on the root).
    document.addEventListener(
      'compositionend',
      () => {
        field.dispatchEvent(
          new KeyboardEvent('keydown', {
            key: 'Enter',
            code: 'Enter',
            bubbles: true,
            cancelable: true,
          }),
        )
      },
      { once: true },
    )
    await compose('にほんご', '日本語')
    expect(field).toHaveValue('日本語')
    expect(onSend).not.toHaveBeenCalled()

    // A deliberate Enter, later, sends what was composed.
    await wait(120)
    await userEvent.keyboard('{Enter}')
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledWith('日本語'))
    expect(onSend).toHaveBeenCalledTimes(1)
  })

  it('the first real Enter after a composition ends sends when it is not that stray one', async () => {
    const { onSend, field } = setup()
    await userEvent.click(field)
    await compose('かな', '仮名')
    await wait(120)
    await key('rawKeyDown', 'Enter', 13)
    await key('keyUp', 'Enter', 13)
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledWith('仮名'))
  })

  it('Shift+Enter right after a composition is a newline, never swallowed and never a send', async () => {
    const { onSend, field } = setup()
    await userEvent.click(field)
    await compose('かな', '仮名')
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}x')
    expect(field).toHaveValue('仮名\nx')
    expect(onSend).not.toHaveBeenCalled()
  })
})
