import { describe, expect, it } from 'vitest'
import type { OfferContent } from '~/api/admin-offers.queries'
import { contentOf, formOf } from './form-state'

const content = (staffing?: OfferContent['staffing']): OfferContent => ({
  slug: 'gletscher',
  title: { de: 'Gletscher' },
  intro: {},
  description: {},
  images: [],
  tags: [],
  location: { name: '', street: '', streetNumber: '', postalCode: '', city: '', country: 'CH', latitude: 0, longitude: 0 },
  meetingPoint: {},
  mode: 'order',
  variants: [],
  extras: [],
  related: [],
  ...(staffing ? { staffing } : {}),
})

describe('offer form: guides and working time', () => {
  it('shows "one guide whatever the size" as an empty field and sends it back as null', () => {
    const form = formOf(content(), 'CHF')
    expect(form.staffing).toEqual({ participantsPerGuide: '', preparationMinutes: '0' })
    expect(contentOf(form, 'CHF')).toMatchObject({ content: { staffing: { participantsPerGuide: null, preparationMinutes: 0 } } })
  })

  it('sends typed whole numbers and keeps stored ones', () => {
    const form = formOf(content({ participantsPerGuide: 8, preparationMinutes: 30 }), 'CHF')
    expect(form.staffing).toEqual({ participantsPerGuide: '8', preparationMinutes: '30' })
    form.staffing = { participantsPerGuide: ' 12 ', preparationMinutes: '' }
    expect(contentOf(form, 'CHF')).toMatchObject({ content: { staffing: { participantsPerGuide: 12, preparationMinutes: 0 } } })
  })

  it('refuses what is not a whole number in range, field by field, with the typed text kept', () => {
    const form = formOf(content(), 'CHF')
    form.staffing = { participantsPerGuide: '2.5', preparationMinutes: '2000' }
    expect(contentOf(form, 'CHF')).toEqual({
      errors: {
        'content.staffing.participantsPerGuide': { code: 'invalid_type', params: { expected: 'number' } },
        'content.staffing.preparationMinutes': { code: 'too_big', params: { type: 'number', maximum: 1440 } },
      },
    })
    form.staffing = { participantsPerGuide: '0', preparationMinutes: '5' }
    expect(contentOf(form, 'CHF')).toEqual({ errors: { 'content.staffing.participantsPerGuide': { code: 'too_small', params: { type: 'number', minimum: 1 } } } })
    expect(form.staffing.participantsPerGuide).toBe('0')
  })
})
