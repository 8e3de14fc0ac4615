import { renderToString } from 'react-dom/server'
import { I18nProvider } from '@lingui/react'
import { describe, expect, it } from 'vitest'
import { adminI18n, loadAdminMessages } from '../i18n'
import { RichTextEditor } from './rich-text-editor'

describe('the rich-text editor on the server', () => {
  it('renders its label and a placeholder, no editor (it mounts in the browser)', async () => {
    const html = renderToString(
      <I18nProvider i18n={adminI18n('de', await loadAdminMessages('de'))}>
        <RichTextEditor id="imprint" label="Impressum" value="<p>Alpen AG</p>" onChange={() => {}} />
      </I18nProvider>,
    )
    expect(typeof window).toBe('undefined')
    expect(html).toContain('<div id="imprint-label" class="block font-medium">Impressum</div>')
    expect(html).toContain('Editor wird geladen …')
    expect(html).not.toContain('contenteditable')
    expect(html).not.toContain('Alpen AG')
  })
})
