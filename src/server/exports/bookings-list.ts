/**
 * The words of the bookings list's CSV export (column headers, statuses, states) in the staff
 * member's language. Source strings are English, marked `/*i18n*\/` for `lingui extract` (mail
 * catalogue, see src/server/mail/i18n.ts); `bookingsCsvTexts(locale)` translates them.
 */
import type { Locale } from '~/lib/locale'
import { mailI18n } from '~/server/mail/i18n'

const MESSAGES = {
  columns: {
    code: /*i18n*/ 'Booking code',
    status: /*i18n*/ 'Status',
    mode: /*i18n*/ 'Type',
    channel: /*i18n*/ 'Booked via',
    createdAt: /*i18n*/ 'Booked on',
    firstDate: /*i18n*/ 'First date',
    firstTime: /*i18n*/ 'First time',
    offers: /*i18n*/ 'Offers',
    firstname: /*i18n*/ 'First name',
    surname: /*i18n*/ 'Surname',
    company: /*i18n*/ 'Company',
    email: /*i18n*/ 'E-mail',
    phone: /*i18n*/ 'Phone',
    participants: /*i18n*/ 'Participants',
    total: /*i18n*/ 'Total',
    openAmount: /*i18n*/ 'Open amount',
    currency: /*i18n*/ 'Currency',
    paymentState: /*i18n*/ 'Payment state',
    paymentMethod: /*i18n*/ 'Payment method',
    locale: /*i18n*/ 'Language',
  },
  status: {
    CONFIRMED: /*i18n*/ 'Confirmed',
    REQUESTED: /*i18n*/ 'Requested',
    ACCEPTED: /*i18n*/ 'Accepted',
    DECLINED: /*i18n*/ 'Declined',
    PAID: /*i18n*/ 'Paid',
    CANCELLED: /*i18n*/ 'Cancelled',
  },
  mode: {
    order: /*i18n*/ 'Booking',
    request: /*i18n*/ 'Request',
  },
  channel: {
    shop: /*i18n*/ 'Shop',
    embed: /*i18n*/ 'Embedded widget',
  },
  paymentState: {
    paid: /*i18n*/ 'Paid in full',
    partially_paid: /*i18n*/ 'Partially paid',
    unpaid: /*i18n*/ 'Unpaid',
    refund_due: /*i18n*/ 'Refund due',
    refunded: /*i18n*/ 'Refunded',
    none: /*i18n*/ 'Nothing to pay',
  },
  paymentMethod: {
    PAY_NOW: /*i18n*/ 'Online, at booking',
    PAY_LATER: /*i18n*/ 'Online, later',
    PAY_ON_SITE: /*i18n*/ 'On site',
    PAY_LATER_OR_ON_SITE: /*i18n*/ 'Online later or on site',
  },
  locale: {
    de: /*i18n*/ 'German',
    en: /*i18n*/ 'English',
    fr: /*i18n*/ 'French',
  },
} as const

type Texts = {
  [K in keyof typeof MESSAGES]: { [L in keyof (typeof MESSAGES)[K]]: string }
}

const cache = new Map<Locale, Texts>()

/** The export's words in `locale` (English where a translation is missing). */
export function bookingsCsvTexts(locale: Locale): Texts {
  let texts = cache.get(locale)
  if (!texts) {
    const i18n = mailI18n(locale)
    texts = Object.fromEntries(
      Object.entries(MESSAGES).map(([group, entries]) => [group, Object.fromEntries(Object.entries(entries).map(([key, id]) => [key, i18n._(id)]))]),
    ) as Texts
    cache.set(locale, texts)
  }
  return texts
}
