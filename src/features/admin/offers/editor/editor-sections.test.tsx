// @vitest-environment jsdom
import { useState } from 'react'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { I18nProvider } from '@lingui/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OfferContent } from '~/api/admin-offers.queries'
import { adminI18n, loadAdminMessages } from '../../i18n'
import { contentOf, formOf, type Change, type OfferForm } from './form-state'
import { ImagesSection } from './images-section'
import { VariantsSection } from './variants-section'

// The image upload field builds the staff API client; nothing is uploaded here.
vi.mock('~/functions/api-transport', () => ({
  createTransport: () => ({ baseUrl: 'http://alpin.shop.test', fetch: async () => new Response(null, { status: 500 }), xsrfToken: async () => 'xsrf' }),
}))

const content: OfferContent = {
  slug: 'canyoning',
  title: { de: 'Canyoning' },
  intro: {},
  description: {},
  images: [{ id: 'img-a', alt: { de: 'A' } }, { id: 'img-b', alt: { de: 'B' } }, { id: 'img-c', alt: {} }],
  tags: [],
  location: { name: '', street: '', streetNumber: '', postalCode: '', city: '', country: 'CH', latitude: 0, longitude: 0 },
  meetingPoint: {},
  mode: 'order',
  variants: [{ id: 'sku-adult-0000000001', key: 'adult', type: 'activity', title: { de: 'Erwachsene', en: 'Adults' }, price: 12050, durationMinutes: 120, blockCount: 1, maxParticipants: null, minQuantity: 0, maxQuantity: 10 }],
  extras: [],
  related: [],
}

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
  const props = { form, change, error: () => undefined, languages: ['de', 'en'] as const, currency: 'CHF' }
  return (
    <main>
      <VariantsSection {...props} languages={['de', 'en']} kind="activity" />
      <ImagesSection {...props} languages={['de', 'en']} />
    </main>
  )
}

async function renderEditor() {
  const i18n = adminI18n('en', await loadAdminMessages('en'))
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <Harness />
      </I18nProvider>
    </QueryClientProvider>,
  )
}

afterEach(cleanup)

describe('offer editor: variants', () => {
  it('shows a stored price as decimals, adds a variant whose fields are each labelled, reorders and removes', async () => {
    await renderEditor()
    expect(screen.getByRole('textbox', { name: 'Price of variant 1 (CHF)' })).toHaveProperty('value', '120.50')
    fireEvent.click(screen.getByRole('button', { name: 'Add a variant' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Name of variant 2 (Deutsch)' }), { target: { value: 'Kinder' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Price of variant 2 (CHF)' }), { target: { value: '80,5' } })
    fireEvent.click(screen.getByRole('button', { name: 'Move variant 2 up' }))
    // The moved row keeps what was typed in it, now as variant 1.
    expect(screen.getByRole('textbox', { name: 'Name of variant 1 (Deutsch)' })).toHaveProperty('value', 'Kinder')
    expect(screen.getByRole('button', { name: 'Move variant 1 up' })).toHaveProperty('disabled', true)
    const saved = contentOf(latest, 'CHF')
    expect('content' in saved && saved.content.variants.map((v) => [v.key, v.price, v.id])).toEqual([
      ['variant-2', 8050, undefined],
      ['adult', 12050, 'sku-adult-0000000001'],
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Remove variant 1' }))
    expect(screen.getAllByTestId('offer-variant')).toHaveLength(1)
    expect(screen.getByRole('textbox', { name: 'Name of variant 1 (English)' })).toHaveProperty('value', 'Adults')
  })

  it('refuses to send a price that is not one, naming the field', async () => {
    await renderEditor()
    fireEvent.change(screen.getByRole('textbox', { name: 'Price of variant 1 (CHF)' }), { target: { value: '12.345' } })
    expect(contentOf(latest, 'CHF')).toEqual({ errors: { 'content.variants.0.price': { code: 'price' } } })
  })
})

describe('offer editor: images', () => {
  it('moves an image up or down with its alt texts, removes one, and leaves axe nothing to find', async () => {
    const { container } = await renderEditor()
    const ids = () => latest.images.map((i) => i.id)
    fireEvent.click(screen.getByRole('button', { name: 'Move image 2 up' }))
    expect(ids()).toEqual(['img-b', 'img-a', 'img-c'])
    expect(screen.getByRole('textbox', { name: 'Description of image 1 (Deutsch)' })).toHaveProperty('value', 'B')
    fireEvent.click(screen.getByRole('button', { name: 'Move image 2 down' }))
    expect(ids()).toEqual(['img-b', 'img-c', 'img-a'])
    expect(screen.getByRole('button', { name: 'Move image 3 down' })).toHaveProperty('disabled', true)
    fireEvent.change(screen.getByRole('textbox', { name: 'Description of image 2 (English)' }), { target: { value: 'A gorge' } })
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }))
    expect(latest.images).toEqual([{ id: 'img-c', alt: { en: 'A gorge' } }, { id: 'img-a', alt: { de: 'A' } }])
    expect(within(screen.getByRole('list', { name: 'Images in order' })).getAllByTestId('offer-image')).toHaveLength(2)
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([])
  })
})
