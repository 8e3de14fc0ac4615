// @vitest-environment jsdom
import { useState } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import type { OfferContent } from '~/api/admin-offers.queries'
import { adminI18n, loadAdminMessages } from '../../i18n'
import { CompletenessList } from '../completeness'
import { DetailsSection } from './details-section'
import { ExtrasSection } from './extras-section'
import { contentOf, formOf, type Change, type OfferForm } from './form-state'
import { TextsSection } from './texts-section'

const content: OfferContent = {
  slug: 'canyoning',
  title: { de: 'Canyoning' },
  intro: {},
  description: { de: '<p>Nass</p>' },
  images: [],
  tags: ['water'],
  location: { name: 'Grimsel', street: 'Weg', streetNumber: '1', postalCode: '3864', city: 'Guttannen', country: 'CH', latitude: 46.6, longitude: 8.3 },
  meetingPoint: {},
  mode: 'order',
  variants: [],
  extras: [],
  related: [],
}
const tags = [
  { slug: 'water', label: { de: 'Wasser', en: 'Water' }, icon: 'mdi:waves' },
  { slug: 'family', label: { de: 'Familie', en: 'Family' } },
]

let latest: OfferForm
function Harness() {
  const [form, setForm] = useState(() => formOf(content, 'CHF'))
  latest = form
  const change: Change = (edit) =>
    setForm((current) => {
      const draft = structuredClone(current)
      edit(draft)
      return draft
    })
  const props = { form, change, error: (path: string) => (path === 'content.slug' ? { code: 'slug.taken' } : undefined), languages: ['de', 'fr'] as ('de' | 'fr')[], currency: 'CHF' }
  return (
    <main>
      <TextsSection {...props} completeness={{ de: ['intro'], en: [], fr: ['title', 'intro', 'description'] }} />
      <ExtrasSection {...props} />
      <DetailsSection {...props} tags={tags} lang="en" />
    </main>
  )
}

afterEach(cleanup)

describe('offer editor: texts, extras, details', () => {
  it('labels every field by language, says what each language lacks, and leaves axe nothing to find', async () => {
    const i18n = adminI18n('en', await loadAdminMessages('en'))
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <Harness />
      </I18nProvider>,
    )
    expect(screen.getByRole('textbox', { name: 'Title (Français)' })).toHaveProperty('value', '')
    expect(screen.getByRole('list', { name: 'Texts per language' }).textContent).toContain('Français: missing title, intro, description')
    fireEvent.change(screen.getByRole('textbox', { name: 'Intro (Deutsch)' }), { target: { value: 'Wild' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Family' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Water' }))
    fireEvent.click(screen.getByRole('radio', { name: 'On request: you confirm each booking' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add an extra' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Price of extra 1 (CHF)' }), { target: { value: '15' } })
    fireEvent.change(screen.getByRole('combobox', { name: 'Extra 1 is charged' }), { target: { value: 'booking' } })
    expect(screen.getByRole('textbox', { name: "Address of the offer's page" }).getAttribute('aria-invalid')).toBe('true')
    const saved = contentOf(latest, 'CHF')
    expect('content' in saved && saved.content).toMatchObject({ intro: { de: 'Wild' }, tags: ['family'], mode: 'request', extras: [{ key: 'extra-1', price: 1500, per: 'booking' }] })
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([])
  })

  it('lists complete languages as complete in the compact form of the offer list', async () => {
    const i18n = adminI18n('en', await loadAdminMessages('en'))
    render(
      <I18nProvider i18n={i18n}>
        <CompletenessList completeness={{ de: [], en: ['extras'], fr: [] }} languages={['de', 'en']} compact />
      </I18nProvider>,
    )
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['DE: complete', 'EN: missing extra titles'])
  })
})
