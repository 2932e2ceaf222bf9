import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LocaleSwitch } from '../src/components/locale-switch.tsx'
import { pickLocale, useLocaleChoice } from '../src/locale.ts'

describe('pickLocale', () => {
  it.each([
    [['ja-JP', 'en-US'], 'ja'],
    [['zh-CN'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['zh-Hans-HK'], 'zh-CN'],
    [['zh-SG'], 'zh-CN'],
    // Traditional Chinese is not the kit's Simplified dictionary: the next language counts.
    [['zh-TW', 'ja'], 'ja'],
    [['zh-Hant', 'en-GB'], 'en'],
    [['fr-FR', 'de'], 'en'],
    [[], 'en'],
  ] as const)('%j speaks %s', (languages, locale) => {
    expect(pickLocale(languages)).toBe(locale)
  })
})

function Page() {
  const { locale, choose } = useLocaleChoice()
  return (
    <>
      <LocaleSwitch locale={locale} onChange={choose} />
      <p>speaking {locale}</p>
    </>
  )
}

describe('the demo’s language switch', () => {
  beforeEach(() => {
    window.localStorage.clear()
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN', 'en'])
  })
  afterEach(() => {
    vi.restoreAllMocks()
    window.localStorage.clear()
  })

  it('starts from the browser’s languages and remembers the one the user picks', async () => {
    const user = userEvent.setup()
    const { unmount } = render(<Page />)
    const select = screen.getByRole('combobox', { name: 'Language of the questions' })
    expect(select).toHaveValue('zh-CN')
    expect(screen.getByText('speaking zh-CN')).toBeInTheDocument()
    await user.selectOptions(select, '日本語')
    expect(screen.getByText('speaking ja')).toBeInTheDocument()
    unmount()
    render(<Page />)
    expect(screen.getByRole('combobox', { name: 'Language of the questions' })).toHaveValue('ja')
  })
})
