// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import type { Editor } from '@tiptap/react'
import axe from 'axe-core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Locale } from '~/lib/locale'
import { adminI18n, loadAdminMessages } from '../i18n'
import { RichTextEditor, type RichTextEditorProps } from './rich-text-editor'
import { installDialogPolyfill } from './test-support'

// What src/server/rich-text.ts keeps: the editor must write nothing else.
const KEPT_TAGS = new Set(['h2', 'h3', 'h4', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'blockquote', 'hr'])

function elementsOf(html: string): Element[] {
  const template = document.createElement('template')
  template.innerHTML = html
  return [...template.content.querySelectorAll('*')]
}

async function renderEditor(props: Partial<RichTextEditorProps> = {}, lang: Locale = 'en') {
  const i18n = adminI18n(lang, await loadAdminMessages(lang))
  const onChange = vi.fn()
  const all: RichTextEditorProps = { id: 'imprint', label: 'Imprint', value: '', onChange, ...props }
  const view = render(
    <I18nProvider i18n={i18n}>
      <RichTextEditor {...all} />
    </I18nProvider>,
  )
  const textbox = await screen.findByRole('textbox', { name: 'Imprint' })
  const editor = (textbox as HTMLElement & { editor: Editor }).editor
  const rerender = (next: Partial<RichTextEditorProps>) =>
    view.rerender(
      <I18nProvider i18n={i18n}>
        <RichTextEditor {...all} {...next} />
      </I18nProvider>,
    )
  return { textbox, editor, onChange, rerender }
}

const lastHtml = (onChange: ReturnType<typeof vi.fn>) => String(onChange.mock.calls.at(-1)?.[0])

describe('the rich-text editor', () => {
  beforeAll(installDialogPolyfill)
  afterEach(cleanup)

  it('shows the initial HTML in a labelled, described, multi-line textbox in the text’s language', async () => {
    const { textbox } = await renderEditor({ value: '<h2>Impressum</h2><p>Alpen <strong>AG</strong></p>', describedBy: 'imprint-hint', invalid: true, lang: 'de' })
    expect(textbox.querySelector('h2')?.textContent).toBe('Impressum')
    expect(textbox.querySelector('strong')?.textContent).toBe('AG')
    expect(textbox.getAttribute('aria-multiline')).toBe('true')
    expect(textbox.getAttribute('aria-describedby')).toBe('imprint-hint')
    expect(textbox.getAttribute('aria-invalid')).toBe('true')
    expect(textbox.getAttribute('lang')).toBe('de')
    expect(textbox.id).toBe('imprint')
  })

  it('writes only tags the server keeps, from the toolbar and from pasted content', async () => {
    const { editor, onChange } = await renderEditor({ value: '<p>Text</p>' })
    act(() => {
      editor.commands.selectAll()
    })
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }))
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'Heading level 3' }))
    expect(lastHtml(onChange)).toBe('<h3><strong>Text</strong></h3>')
    act(() => {
      editor.commands.insertContent(
        '<h1>Title</h1><p style="color:red" onclick="alert(1)">a<s>b</s><code>c</code><img src="x" onerror="alert(1)"><script>alert(1)</script></p>' +
          '<pre><code>code</code></pre><ul><li>one</li></ul><blockquote>said</blockquote><hr><p>x<br>y <a href="javascript:alert(1)">bad</a> <a href="https://example.ch" target="_blank" class="c">good</a></p>',
      )
    })
    const html = lastHtml(onChange)
    expect(elementsOf(html).map((e) => e.localName).filter((tag) => !KEPT_TAGS.has(tag))).toEqual([])
    expect(elementsOf(html).flatMap((e) => e.getAttributeNames())).toEqual(['href'])
    expect(html).toContain('<a href="https://example.ch">good</a>')
    expect(html).not.toContain('javascript')
  })

  it('reports an empty text as the empty string', async () => {
    const { editor, onChange } = await renderEditor({ value: '<p>Text</p>' })
    act(() => {
      editor.commands.clearContent(true)
    })
    expect(lastHtml(onChange)).toBe('')
  })

  it('takes a new value from outside (a reload) without reporting it back', async () => {
    const { textbox, onChange, rerender } = await renderEditor({ value: '<p>Mine</p>' })
    rerender({ value: '<p>Theirs, <em>newer</em></p>' })
    expect(textbox.innerHTML).toContain('Theirs, <em>newer</em>')
    rerender({ invalid: true, value: '<p>Theirs, <em>newer</em></p>' })
    expect(textbox.getAttribute('aria-invalid')).toBe('true')
    expect(textbox.textContent).toBe('Theirs, newer')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('does not take Tab, not even in a list: it leaves the editor', async () => {
    const { textbox, editor } = await renderEditor({ value: '<ul><li><p>one</p></li><li><p>two</p></li></ul>' })
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 3)
    })
    const before = editor.getHTML()
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true })
    textbox.dispatchEvent(tab)
    expect(tab.defaultPrevented).toBe(false)
    expect(editor.getHTML()).toBe(before)
  })

  it('has one Tab stop in its toolbar and moves along it with the arrow keys', async () => {
    await renderEditor()
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting: Imprint' })
    const buttons = within(toolbar).getAllByRole('button')
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1)
    act(() => buttons[0]!.focus())
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(buttons.at(-1))
    fireEvent.keyDown(buttons.at(-1)!, { key: 'Home' })
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(buttons[1])
    expect(buttons.filter((b) => b.tabIndex === 0)).toEqual([buttons[1]])
  })

  it('passes axe', async () => {
    const { textbox } = await renderEditor({ value: '<p>Text</p>' })
    const results = await axe.run(textbox.closest('div.mt-1')!.parentElement!, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([])
  })
})
