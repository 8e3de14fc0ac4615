import { describe, expect, it } from 'vitest'
import { validateCheckout, validateParticipants, type CheckoutInput } from './checkout-validation'
import { invalidType, tooBig, tooSmall } from './field-errors'

const participant = (firstname: string, extras: string[] = []) => ({ firstname, surname: 'Muster', extras })

describe('size and type field errors', () => {
  it('say what is measured and the limit', () => {
    expect(tooSmall('date', '2026-04-01')).toEqual({ code: 'too_small', params: { type: 'date', minimum: '2026-04-01' } })
    expect(tooBig('number', 9)).toEqual({ code: 'too_big', params: { type: 'number', maximum: 9 } })
    expect(invalidType('number')).toEqual({ code: 'invalid_type', params: { expected: 'number' } })
  })

  it('the checkout counts participants and extras as entries of a list, names in characters (browser and server alike)', () => {
    const item = { itemId: 'i1', expected: 2, extras: ['e1'] }
    expect(validateParticipants([{ ...item, participants: [participant('A'), participant('B'), participant('C')] }])).toEqual({
      'items.i1.participants': { code: 'too_big', params: { type: 'array', maximum: 2 } },
    })
    expect(validateParticipants([{ ...item, participants: [participant('A')] }])['items.i1.participants']).toEqual({
      code: 'too_small',
      params: { type: 'array', minimum: 2 },
    })
    const errors = validateParticipants([{ ...item, participants: [participant('A'.repeat(101)), participant('B', Array.from({ length: 21 }, () => 'e1'))] }])
    expect(errors['items.i1.participants.0.firstname']).toEqual({ code: 'too_big', params: { type: 'string', maximum: 100 } })
    expect(errors['items.i1.participants.1.extras']).toEqual({ code: 'too_big', params: { type: 'array', maximum: 20 } })
  })

  it('a whole checkout with too many participants answers the array variant', () => {
    const input = { mode: 'order', items: [{ itemId: 'i1', participants: [participant('A'), participant('B')] }] } as unknown as CheckoutInput
    const errors = validateCheckout(input, { items: [{ itemId: 'i1', expected: 1, extras: [] }], paymentMethods: ['PAY_LATER'] })
    expect(errors['items.i1.participants']).toEqual({ code: 'too_big', params: { type: 'array', maximum: 1 } })
  })
})
