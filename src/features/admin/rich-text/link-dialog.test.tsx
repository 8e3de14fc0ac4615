// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import type { Editor } from '@tiptap/react'
import axe from 'axe-core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { adminI18n, loadAdminMessages } from '../i18n'
import { RichTextEditor } from './rich-text-editor'
import { installDialogPolyfill } from './test-support'

async function renderEditor(value: string) {
  const onChange = vi.fn()
  render(
    <I18nProvider i18n={adminI18n('en', await loadAdminMessages('en'))}>
      <form onSubmit={() => onChange('the page’s form was submitted')}>
        <RichTextEditor id="terms" label="Terms" value={value} onChange={onChange} />
      </form>
    </I18nProvider>,
  )
  const textbox = await screen.findByRole('textbox', { name: 'Terms' })
  return { editor: (textbox as HTMLElement & { editor: Editor }).editor, onChange }
}

function openLinkDialog(address: string) {
  const opener = screen.getByRole('button', { name: 'Link' })
  act(() => opener.focus())
  fireEvent.click(opener)
  const dialog = screen.getByTestId('link-dialog')
  const field = within(dialog).getByRole('textbox', { name: 'Link address' })
  expect(document.activeElement).toBe(field)
  fireEvent.change(field, { target: { value: address } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }))
  return { dialog, field, opener }
}

describe('links in the rich-text editor', () => {
  beforeAll(installDialogPolyfill)
  afterEach(cleanup)

  it('refuses a javascript: address with a field error and changes nothing', async () => {
    const { editor, onChange } = await renderEditor('<p>Click here</p>')
    act(() => {
      editor.commands.setTextSelection({ from: 1, to: 6 })
    })
    const { dialog, field } = openLinkDialog('javascript:alert(document.cookie)')
    const error = within(dialog).getByText('Enter a web address starting with https://, an e-mail address or a phone number.')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.getAttribute('aria-describedby')).toContain(error.id)
    expect(document.activeElement).toBe(field)
    expect((dialog as HTMLDialogElement).open).toBe(true)
    expect(editor.getHTML()).toBe('<p>Click here</p>')
    expect(onChange).not.toHaveBeenCalled()
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([])
  })

  it('links the selected text to a valid address, closes and gives the focus back', async () => {
    const { editor, onChange } = await renderEditor('<p>Click here</p>')
    act(() => {
      editor.commands.setTextSelection({ from: 1, to: 6 })
    })
    const { dialog, opener } = openLinkDialog('www.example.ch')
    expect((dialog as HTMLDialogElement).open).toBe(false)
    expect(document.activeElement).toBe(opener)
    expect(onChange).toHaveBeenLastCalledWith('<p><a href="https://www.example.ch/">Click</a> here</p>')
  })

  it('inserts the address as the text when nothing is selected, and edits or removes a link', async () => {
    const { editor, onChange } = await renderEditor('<p>Write to . Thanks</p>')
    act(() => {
      editor.commands.setTextSelection(10)
    })
    openLinkDialog('info@example.ch')
    expect(onChange).toHaveBeenLastCalledWith('<p>Write to <a href="mailto:info@example.ch">info@example.ch</a>. Thanks</p>')
    act(() => {
      editor.commands.setTextSelection(12)
    })
    expect(screen.getByRole('button', { name: 'Remove link' }).getAttribute('aria-disabled')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Link' }))
    const dialog = screen.getByTestId('link-dialog')
    expect(within(dialog).getByRole('textbox', { name: 'Link address' })).toHaveProperty('value', 'mailto:info@example.ch')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove link' }))
    expect(onChange).toHaveBeenLastCalledWith('<p>Write to info@example.ch. Thanks</p>')
    expect(onChange).not.toHaveBeenCalledWith('the page’s form was submitted')
  })
})
