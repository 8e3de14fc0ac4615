/**
 * A booking as every confirmation tells it (the success page, the booking widget, the e-mails and
 * the calendar file): one entry per date — an offer's session or start time — with the offer,
 * start and end, meeting point, a line per variant (quantity, price, participants), the extras
 * booked with it and what the date costs. Two variants of one session are one date with two lines.
 */
import type { components } from '~/api/schema.gen'
import type { Money } from './money'

type BookingItem = components['schemas']['BookingItem']

export type VariantLine = {
  variant: string
  quantity: number
  /** Absent in bookings stored before prices were given per line (older e-mails in the outbox). */
  unitPrice?: Money
  amount?: Money
  /** The participants' names ("Anna Muster"), empty ones left out. */
  participants: string[]
}

export type ExtraLine = { id: string; title: string; per?: 'booking'; quantity: number; unitPrice: Money; amount: Money }

export type BookedDate = {
  /** The position of its first item in the booking (stable: a calendar event's UID is made of it). */
  index: number
  offer: string
  offerTitle: string
  start: string
  end: string
  meetingPoint?: string
  lines: VariantLine[]
  /** The extras of all its lines; an extra chosen in two lines is one line with their quantities added. */
  extras: ExtraLine[]
  total: Money
}

const sameDate = (a: Pick<BookingItem, 'offer' | 'start' | 'end'>, b: Pick<BookingItem, 'offer' | 'start' | 'end'>) =>
  a.offer === b.offer && Date.parse(a.start) === Date.parse(b.start) && Date.parse(a.end) === Date.parse(b.end)

const add = (a: Money, b: Money): Money => ({ amount: a.amount + b.amount, currency: a.currency })

/** A participant's name on one line, as the confirmations write it. */
export const participantName = (p: { firstname: string; surname: string }) => `${p.firstname} ${p.surname}`.trim()

/** The booking's items as dates, in the order of their first item. */
export function bookedDates(items: readonly BookingItem[]): BookedDate[] {
  const dates: BookedDate[] = []
  items.forEach((item, index) => {
    let date = dates.find((d) => sameDate(d, item))
    if (!date) {
      date = {
        index,
        offer: item.offer,
        offerTitle: item.offerTitle,
        start: item.start,
        end: item.end,
        ...(item.meetingPoint?.trim() ? { meetingPoint: item.meetingPoint.trim() } : {}),
        lines: [],
        extras: [],
        total: { amount: 0, currency: item.total.currency },
      }
      dates.push(date)
    }
    date.lines.push({
      variant: item.skuTitle,
      quantity: item.quantity,
      ...(item.unitPrice ? { unitPrice: item.unitPrice } : {}),
      ...(item.variantTotal ? { amount: item.variantTotal } : {}),
      participants: item.participants.map(participantName).filter(Boolean),
    })
    // `?? []`: e-mails queued before extras were part of the booking have none
    for (const extra of item.extras ?? []) {
      const same = date.extras.find((e) => e.id === extra.id && e.unitPrice.amount === extra.unitPrice.amount)
      if (same) {
        same.quantity += extra.quantity
        same.amount = add(same.amount, extra.total)
      } else {
        date.extras.push({ id: extra.id, title: extra.title, ...(extra.per ? { per: extra.per } : {}), quantity: extra.quantity, unitPrice: extra.unitPrice, amount: extra.total })
      }
    }
    date.total = add(date.total, item.total)
  })
  return dates
}

/**
 * `2 × CHF 149.00 = CHF 298.00`: a quantity, the formatted price of one and of all (the same in
 * every language); `2 × CHF 149.00` without the amount, `2` without prices.
 */
export function quantityAndPrice(quantity: number, unitPrice?: string, amount?: string): string {
  if (!unitPrice) return String(quantity)
  return amount ? `${quantity} × ${unitPrice} = ${amount}` : `${quantity} × ${unitPrice}`
}
