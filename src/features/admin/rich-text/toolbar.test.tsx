// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Locale } from '~/lib/locale'
import { adminI18n, loadAdminMessages } from '../i18n'
import { RichTextEditor } from './rich-text-editor'

async function toolbarIn(lang: Locale, label: string) {
  render(
    <I18nProvider i18n={adminI18n(lang, await loadAdminMessages(lang))}>
      <RichTextEditor id="privacy" label={label} value="<p>Text</p>" onChange={() => {}} lang="en" />
    </I18nProvider>,
  )
  await screen.findByRole('textbox', { name: label })
  return screen.getByRole('toolbar')
}

const names = (toolbar: HTMLElement) => within(toolbar).getAllByRole('button').map((b) => b.getAttribute('aria-label'))

describe('the rich-text toolbar speaks the staff member’s language', () => {
  afterEach(cleanup)

  it.each([
    ['en', 'Privacy policy', 'Formatting: Privacy policy', ['Heading level 2', 'Heading level 3', 'Heading level 4', 'Bold', 'Italic', 'Underline', 'Bulleted list', 'Numbered list', 'Quote', 'Link', 'Remove link', 'Horizontal line', 'Undo', 'Redo']],
    ['de', 'Datenschutzerklärung', 'Formatierung: Datenschutzerklärung', ['Überschrift Ebene 2', 'Überschrift Ebene 3', 'Überschrift Ebene 4', 'Fett', 'Kursiv', 'Unterstrichen', 'Aufzählung', 'Nummerierte Liste', 'Zitat', 'Link', 'Link entfernen', 'Horizontale Linie', 'Rückgängig', 'Wiederholen']],
    ['fr', 'Protection des données', 'Mise en forme : Protection des données', ['Titre de niveau 2', 'Titre de niveau 3', 'Titre de niveau 4', 'Gras', 'Italique', 'Souligné', 'Liste à puces', 'Liste numérotée', 'Citation', 'Lien', 'Supprimer le lien', 'Ligne horizontale', 'Annuler la modification', 'Rétablir']],
  ] as const)('in %s', async (lang, label, toolbarName, buttonNames) => {
    const toolbar = await toolbarIn(lang, label)
    expect(toolbar.getAttribute('aria-label')).toBe(toolbarName)
    expect(names(toolbar)).toEqual(buttonNames)
    // the text is English here, whatever the staff app's language
    expect(screen.getByRole('textbox', { name: label }).getAttribute('lang')).toBe('en')
  })
})
