// @vitest-environment jsdom
import type { ReactNode } from 'react'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Locale } from '~/lib/locale'
import type { Palette } from '~/lib/theme'
import { adminI18n, loadAdminMessages } from '../../i18n'
import { ColourPicker } from './colour-picker'
import { ThemeEditor } from './theme-editor'
import { ThemePreview } from './theme-preview'

async function renderIn(lang: Locale, ui: ReactNode) {
  const i18n = adminI18n(lang, await loadAdminMessages(lang))
  const view = render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)
  return { ...view, rerender: (next: ReactNode) => view.rerender(<I18nProvider i18n={i18n}>{next}</I18nProvider>) }
}

const WHITE = [255, 255, 255] as const
const palette = (bg: [number, number, number], fg: [number, number, number] = [...WHITE]): Palette => ({ primary: { background: bg, foreground: fg } })

afterEach(cleanup)

describe('colour picker', () => {
  it('applies a typed hex code at once, in either case, and keeps the typed text', async () => {
    const onChange = vi.fn()
    await renderIn('en', <ColourPicker id="c" label="Background" value={[0, 0, 0]} onChange={onChange} />)
    const field = screen.getByRole('textbox', { name: 'Background' })
    expect(field).toHaveProperty('value', '#000000')
    fireEvent.change(field, { target: { value: '#0E547A' } })
    expect(onChange).toHaveBeenCalledWith([14, 84, 122])
    fireEvent.blur(field)
    expect(field.getAttribute('aria-invalid')).toBeNull()
  })

  it('shows a field error for a code that is not a colour, and leaves the value alone', async () => {
    const onChange = vi.fn()
    await renderIn('en', <ColourPicker id="c" label="Background" value={[14, 84, 122]} onChange={onChange} />)
    const field = screen.getByRole('textbox', { name: 'Background' })
    for (const text of ['#0e547', '0e547a', '#0e547g', 'red']) {
      fireEvent.change(field, { target: { value: text } })
      fireEvent.blur(field)
      expect(field.getAttribute('aria-invalid')).toBe('true')
      const error = document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[1]!)
      expect(error?.textContent).toBe('Enter the colour as # and six hexadecimal digits, for example #0e547a.')
    }
    expect(onChange).not.toHaveBeenCalled()
    // the native picker still holds the colour that was there
    expect(screen.getByLabelText('Background: colour picker')).toHaveProperty('value', '#0e547a')
  })

  it('refuses Enter on an invalid code (it would submit the old colour) and lets a valid one through', async () => {
    await renderIn('en', <ColourPicker id="c" label="Foreground" value={[0, 0, 0]} onChange={() => {}} />)
    const field = screen.getByRole('textbox', { name: 'Foreground' })
    fireEvent.change(field, { target: { value: '#12' } })
    expect(fireEvent.keyDown(field, { key: 'Enter' })).toBe(false) // default prevented
    expect(field.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(field, { target: { value: '#123456' } })
    expect(field.getAttribute('aria-invalid')).toBeNull()
    expect(fireEvent.keyDown(field, { key: 'Enter' })).toBe(true)
  })

  it('follows a value changed by the native picker', async () => {
    const onChange = vi.fn()
    const { rerender } = await renderIn('en', <ColourPicker id="c" label="Background" value={[0, 0, 0]} onChange={onChange} />)
    fireEvent.input(screen.getByLabelText('Background: colour picker'), { target: { value: '#ff8800' } })
    expect(onChange).toHaveBeenCalledWith([255, 136, 0])
    rerender(<ColourPicker id="c" label="Background" value={[255, 136, 0]} onChange={onChange} />)
    expect(screen.getByRole('textbox', { name: 'Background' })).toHaveProperty('value', '#ff8800')
  })
})

describe('theme editor', () => {
  it('warns of too little contrast with the ratio in German notation, politely', async () => {
    // #777777 on white: 4.48:1, shown cut to 4,4:1 so that a shown 4,5 always passes
    await renderIn('de', <ThemeEditor value={palette([0x77, 0x77, 0x77])} onChange={() => {}} />)
    const fieldset = screen.getByRole('group')
    expect(fieldset.textContent).toContain('4,4:1')
    const status = within(fieldset).getByRole('status')
    expect(status.getAttribute('aria-live')).toBe('polite')
    // (its wording is the catalogue's; every language names the standard)
    expect(status.textContent).toContain('WCAG AA')
  })

  it('shows no warning for a pair that passes, only its ratio', async () => {
    await renderIn('de', <ThemeEditor value={palette([14, 84, 122])} onChange={() => {}} />)
    const fieldset = screen.getByRole('group')
    expect(fieldset.textContent).toMatch(/8,\d:1/)
    expect(within(fieldset).getByRole('status').textContent).toBe('')
  })

  it('changes one part of one colour, names known colours and keeps unknown keys as they are', async () => {
    const onChange = vi.fn()
    const value: Palette = { 'brand-2': { background: [1, 2, 3], foreground: [4, 5, 6] }, primary: { background: [0, 0, 0], foreground: [...WHITE] } }
    await renderIn('en', <ThemeEditor value={value} onChange={onChange} errors={{ 'brand-2.foreground': 'Not allowed.' }} />)
    const groups = screen.getAllByRole('group')
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual(['Primary', 'brand-2'])
    fireEvent.change(within(groups[0]!).getByRole('textbox', { name: 'Foreground' }), { target: { value: '#102030' } })
    expect(onChange).toHaveBeenCalledWith({ ...value, primary: { background: [0, 0, 0], foreground: [16, 32, 48] } })
    expect(within(groups[1]!).getByRole('textbox', { name: 'Foreground' }).getAttribute('aria-invalid')).toBe('true')
  })
})

describe('theme preview', () => {
  it('applies the palette as custom properties on its own container only, dropping what is not a colour', async () => {
    const value = { ...palette([14, 84, 122]), 'x;}body{': { background: [1, 2, 3], foreground: [4, 5, 6] }, accent: { background: [300, 0, 0], foreground: [0, 0, 0] } } as Palette
    await renderIn('en', <ThemePreview palette={value} shopTitle="Alpin <b>Abenteuer</b>" />)
    const preview = screen.getByTestId('theme-preview')
    expect(preview.style.getPropertyValue('--color-primary')).toBe('rgb(14 84 122)')
    expect(preview.style.getPropertyValue('--color-on-primary')).toBe('rgb(255 255 255)')
    expect(preview.style.getPropertyValue('--color-accent')).toBe('')
    expect(preview.getAttribute('style')).not.toContain('body')
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('')
    expect(preview.textContent).toContain('Alpin <b>Abenteuer</b>')
    expect(preview.hasAttribute('inert')).toBe(true)
    expect(screen.getByRole('figure', { name: 'Preview' })).toBeTruthy()
  })

  it('leaves axe nothing to find, editor and preview together', async () => {
    const { container } = await renderIn(
      'fr',
      <>
        <ThemeEditor value={{ ...palette([0x77, 0x77, 0x77]), surface: { background: [...WHITE], foreground: [28, 37, 46] } }} onChange={() => {}} />
        <ThemePreview palette={palette([0x77, 0x77, 0x77])} shopTitle="Atelier" />
      </>,
    )
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([])
  })
})
