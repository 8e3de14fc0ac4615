import { describe, expect, it } from 'vitest'
import { moneyOf, openOf, staffPaymentState, textProblem } from './detail'

describe('the staff’s view of a booking’s money', () => {
  const booking = (status: 'CONFIRMED' | 'PAID' | 'CANCELLED' | 'DECLINED', openAmount: number, totalAmount = 10000) => ({ status, openAmount, totalAmount })

  it('says what is paid of a booking that stands', () => {
    expect(staffPaymentState(booking('CONFIRMED', 10000), 0, 0)).toBe('unpaid')
    expect(staffPaymentState(booking('CONFIRMED', 4000), 6000, 0)).toBe('partially_paid')
    expect(staffPaymentState(booking('PAID', 0), 10000, 0)).toBe('paid')
    expect(staffPaymentState(booking('CONFIRMED', 0, 0), 0, 0)).toBe('paid')
  })

  it('says whether a cancelled booking’s money went back', () => {
    expect(staffPaymentState(booking('CANCELLED', 10000), 0, 0)).toBe('none')
    expect(staffPaymentState(booking('CANCELLED', 0), 10000, 0)).toBe('refund_due')
    expect(staffPaymentState(booking('CANCELLED', 0), 10000, 4000)).toBe('refund_due')
    expect(staffPaymentState(booking('CANCELLED', 0), 10000, 10000)).toBe('refunded')
    expect(staffPaymentState(booking('DECLINED', 10000), 0, 0)).toBe('none')
  })

  it('shows nothing open for a cancelled or declined booking', () => {
    expect(openOf(booking('CANCELLED', 10000))).toBe(0)
    expect(openOf(booking('DECLINED', 10000))).toBe(0)
    expect(openOf(booking('CONFIRMED', 2500))).toBe(2500)
  })

  it('sums succeeded payments and refunds, and pending refunds apart', () => {
    const sums = moneyOf(
      [
        { status: 'succeeded', amount: 6000 },
        { status: 'failed', amount: 6000 },
        { status: 'succeeded', amount: 4000 },
        { status: 'pending', amount: 4000 },
      ],
      [
        { status: 'succeeded', amount: 1000 },
        { status: 'pending', amount: 2000 },
        { status: 'failed', amount: 500 },
      ],
    )
    expect(sums).toEqual({ paid: 10000, refunded: 1000, refundPending: 2000 })
  })
})

describe('texts the staff write into a booking', () => {
  it('refuses lone surrogates and control characters, keeping line breaks in a message', () => {
    expect(textProblem('Kasse 1 – Zürich 😀')).toBeNull()
    expect(textProblem('Kasse \ud800')).toEqual({ code: 'control_characters', params: { multiline: false } })
    expect(textProblem('\udc00 x')).not.toBeNull()
    expect(textProblem('line\nbreak')).not.toBeNull()
    expect(textProblem('line\nbreak', true)).toBeNull()
    expect(textProblem('bell\u0007', true)).not.toBeNull()
  })
})
