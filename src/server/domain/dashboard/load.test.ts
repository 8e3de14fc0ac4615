import { describe, expect, it } from 'vitest'
import { staffBookingPath } from '~/server/domain/notifications/staff'
import { dashboardRange } from './load'

describe('the dashboard’s days', () => {
  it('are today and the next 6 days of the shop’s calendar, bounded by its midnights (summer time included)', () => {
    // 00:30 on 28 March 2026 in Zurich is still the 27th in UTC; the clocks go forward on the 29th.
    const range = dashboardRange(new Date('2026-03-27T23:30:00Z'), 'Europe/Zurich')
    expect(range).toMatchObject({ today: '2026-03-28', from: '2026-03-28', to: '2026-04-03' })
    expect(range.start.toISOString()).toBe('2026-03-27T23:00:00.000Z')
    expect(range.end.toISOString()).toBe('2026-04-03T22:00:00.000Z')
  })

  it('follow another time zone of the shop', () => {
    const range = dashboardRange(new Date('2026-03-28T03:00:00Z'), 'America/New_York')
    expect(range.today).toBe('2026-03-27')
    expect(range.start.toISOString()).toBe('2026-03-27T04:00:00.000Z')
  })
})

describe('the staff app’s page of a new booking', () => {
  it('is the booking’s page for an order and the request’s page for a request, in the member’s language', () => {
    expect(staffBookingPath('fr', { mode: 'order', code: 'K7Q2-X9PM' })).toBe('/fr/admin/sales/bookings/K7Q2-X9PM')
    expect(staffBookingPath('de', { mode: 'request', code: 'AB12-CD34' })).toBe('/de/admin/sales/requests/AB12-CD34')
  })
})
