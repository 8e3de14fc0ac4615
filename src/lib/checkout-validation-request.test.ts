/**
 * A request needs the contact and the number of places, names can follow (issue 22, point 11):
 * the shared rules the checkout machine (browser) and the checkout endpoint (server) both run.
 */
import { describe, expect, it } from 'vitest'
import { validateCheckout, validateParticipants, type CheckoutInput, type ParticipantInput } from './checkout-validation'

const p = (firstname: string, surname: string, extras: string[] = []): ParticipantInput => ({ firstname, surname, extras })
const item = (participants: ParticipantInput[], expected = 3) => ({ itemId: 'i1', expected, participants, extras: ['mat'] })

describe('validateParticipants of a request', () => {
  it('takes fewer participants than places, with or without names', () => {
    for (const participants of [[], [p('', '')], [p('Anna', ''), p('', '', ['mat'])], [p('Anna', 'Muster'), p('Ben', 'Muster'), p('Cleo', 'Muster')]]) {
      expect(validateParticipants([item(participants)], 'request'), JSON.stringify(participants)).toEqual({})
    }
  })

  it('still refuses more participants than places, line breaks in names, long names and unknown extras', () => {
    expect(validateParticipants([item([p('A', ''), p('B', ''), p('C', ''), p('D', '')])], 'request')).toEqual({
      'items.i1.participants': { code: 'too_big', params: { type: 'array', maximum: 3 } },
    })
    expect(validateParticipants([item([p('Anna\r\nBcc: x@example.com', ''), p('', 'M'.repeat(101), ['jetpack'])])], 'request')).toEqual({
      'items.i1.participants.0.firstname': { code: 'control_characters', params: { multiline: false } },
      'items.i1.participants.1.surname': { code: 'too_big', params: { type: 'string', maximum: 100 } },
      'items.i1.participants.1.extras': { code: 'invalid', params: { extra: 'jetpack' } },
    })
  })

  it('an order (the default) needs every participant with both names', () => {
    const expected = {
      'items.i1.participants': { code: 'too_small', params: { type: 'array', minimum: 3 } },
      'items.i1.participants.0.surname': { code: 'required' },
    }
    expect(validateParticipants([item([p('Anna', '')])])).toEqual(expected)
    expect(validateParticipants([item([p('Anna', '')])], 'order')).toEqual(expected)
  })
})

describe('validateCheckout of a request', () => {
  const input = (items: CheckoutInput['items']): CheckoutInput => ({
    mode: 'request',
    items,
    customer: { type: 'PRIVATE' },
    person: { firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch', phone: '079 900 00 00' },
    address: { street: 'Seestrasse', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH' },
    paymentMethod: 'PAY_LATER',
    termsAccepted: true,
  })
  const ctx = { items: [{ itemId: 'i1', expected: 10, extras: [] }], paymentMethods: ['PAY_LATER' as const] }

  it('follows the cart’s mode given by the caller, not the input’s', () => {
    const nameless = input([{ itemId: 'i1', participants: [p('', '')] }])
    expect(validateCheckout(nameless, { ...ctx, mode: 'request' })).toEqual({})
    expect(validateCheckout(input([]), { ...ctx, mode: 'request' })).toEqual({})
    // The cart is an order's (or the caller says nothing): names and places are required, whatever the input claims.
    for (const rules of [{ ...ctx, mode: 'order' as const }, ctx]) {
      expect(Object.keys(validateCheckout(nameless, rules))).toEqual([
        'items.i1.participants',
        'items.i1.participants.0.firstname',
        'items.i1.participants.0.surname',
      ])
    }
  })

  it('still needs the contact', () => {
    expect(validateCheckout({ ...input([]), person: { firstname: '', surname: 'Muster', email: 'anna@', phone: '079 900 00 00' } }, { ...ctx, mode: 'request' })).toEqual({
      'person.firstname': { code: 'required' },
      'person.email': { code: 'email' },
    })
  })
})
