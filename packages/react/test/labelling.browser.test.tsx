import type { AskUserQuestionItem } from '@parley/seam'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { cdp, userEvent } from 'vitest/browser'
import '../src/styles.css'
import { QuestionComposer } from '../src/index.ts'
import { colour, makeRequest, memoryStorage, toppings } from './fixtures.tsx'

/**
 * What a screen reader hears, read from Chromium's own accessibility tree
 * (DevTools protocol), not from a JavaScript reimplementation of it.
 */
interface Heard {
  role: string
  name: string
  description: string
}

interface AXValue {
  value?: unknown
}
interface AXNode {
  ignored?: boolean
  role?: AXValue
  name?: AXValue
  description?: AXValue
}

const text = (value: AXValue | undefined) => (typeof value?.value === 'string' ? value.value : '')

interface DOMNode {
  nodeId: number
  nodeName: string
  documentURL?: string
  children?: DOMNode[]
  contentDocument?: DOMNode
}

/** The DevTools node of this test's document (Vitest runs it in an iframe). */
function findDocument(node: DOMNode): DOMNode | undefined {
  if (node.nodeName === '#document' && node.documentURL === location.href) return node
  for (const child of [
    ...(node.children ?? []),
    ...(node.contentDocument ? [node.contentDocument] : []),
  ]) {
    const found = findDocument(child)
    if (found) return found
  }
  return undefined
}

/** Every node of `role` in this document's accessibility tree, with its name and description. */
async function heard(role: string): Promise<Heard[]> {
  const { root } = (await cdp().send('DOM.getDocument', { depth: -1, pierce: true })) as {
    root: DOMNode
  }
  const document = findDocument(root)
  if (!document) throw new Error('the test document is not in the DevTools tree')
  const { nodes } = (await cdp().send('Accessibility.queryAXTree', {
    nodeId: document.nodeId,
    role,
  })) as { nodes: AXNode[] }
  return nodes
    .filter((node) => !node.ignored)
    .map((node) => ({
      role: text(node.role),
      name: text(node.name),
      description: text(node.description),
    }))
}

const keyHint = /Shift\+Enter/

const brief: AskUserQuestionItem = {
  id: 'brief',
  header: 'Brief',
  question: 'What should the release notes say about the migration?',
  detail: 'Mention the **freeze** on Friday.',
}

const palette: AskUserQuestionItem = { ...colour, detail: 'The accent of buttons and links.' }

function renderCard(questions: AskUserQuestionItem[]) {
  render(
    <QuestionComposer
      request={makeRequest(questions)}
      onAnswer={async () => ({ accepted: true })}
      onCancel={async () => ({ accepted: true })}
      draftStorage={memoryStorage()}
    />,
  )
}

describe('every field and group is named by its question (Chromium accessibility tree)', () => {
  it('a free-text question deep in a batch: its field is named by the question, described by the detail and the key hint', async () => {
    renderCard([colour, toppings, brief])
    await userEvent.click(screen.getByRole('button', { name: 'Next question' }))
    await userEvent.click(screen.getByRole('button', { name: 'Next question' }))
    await screen.findByRole('heading', { name: brief.question })
    // The detail's Markdown is a lazy chunk: wait until it is rendered.
    await expect
      .poll(() => document.querySelector('[data-part="detail"] strong'), { timeout: 5000 })
      .not.toBeNull()

    const [field, ...others] = await heard('textbox')
    expect(others).toEqual([])
    expect(field?.name).toContain(brief.question)
    expect(field?.description).toContain('Mention the freeze on Friday.')
    expect(field?.description).toMatch(keyHint)
  })

  it('a single-select question: the radio group and the Other field are named by the question and described by the detail', async () => {
    renderCard([palette, brief])
    await screen.findByRole('heading', { name: palette.question })
    await expect
      .poll(() => document.querySelector('[data-part="detail"] p'), { timeout: 5000 })
      .not.toBeNull()

    const [group] = await heard('radiogroup')
    expect(group?.name).toBe(palette.question)
    expect(group?.description).toBe(palette.detail)

    const [other] = await heard('textbox')
    expect(other?.name).toContain(palette.question)
    expect(other?.name).toContain('Other answer')
    expect(other?.description).toContain(palette.detail)
    expect(other?.description).toMatch(keyHint)
  })

  it('a multi-select question: the group of checkboxes is named by the question', async () => {
    renderCard([toppings])
    await screen.findByRole('heading', { name: toppings.question })
    const [group] = await heard('group')
    expect(group?.name).toBe(toppings.question)
    const [other] = await heard('textbox')
    expect(other?.name).toContain(toppings.question)
    expect(other?.description).toMatch(keyHint)
  })
})
