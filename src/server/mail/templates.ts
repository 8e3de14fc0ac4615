/**
 * E-mail templates (booking confirmation, request received, …) in de-CH, en and fr-CH; the
 * texts are in the Lingui catalogues `src/locales/{de,en,fr}/mail.po`.
 *
 * Every interpolated value goes through `escapeHtml` in the HTML part; the HTML uses a table
 * layout with inline styles only, as mail clients expect.
 */
import type { components } from '~/api/schema.gen'
import { pickLabel, type Locale } from '~/lib/locale'
import { escapeHtml } from '~/lib/html'
import { formatMoney } from '~/lib/money'
import { bookedDates, quantityAndPrice } from '~/lib/booking-summary'
import { sanitisePalette, type PaletteColor, type Rgb } from '~/lib/theme'
import type { I18n } from '@lingui/core'
import { MAIL_LOCALES, mailI18n } from './i18n'
import { formatDay as formatWeekdayDay, formatLongDate, formatTime } from '~/lib/dates'

/** One escaping and one money format for the shop, its pages and its e-mails (src/lib). */
export { escapeHtml, formatMoney }

type Booking = components['schemas']['Booking']
type BookingItem = components['schemas']['BookingItem']
type ShopContact = components['schemas']['ShopConfig']['contact']
type PaymentMethod = components['schemas']['PaymentMethod']

export type MailKind =
  | 'booking.confirmation'
  | 'request.received'
  | 'request.accepted'
  | 'request.declined'
  | 'payment.received'
  | 'booking.cancelled'
  /** Manage-booking: the visitor moved an item to another date (to the visitor). */
  | 'booking.moved'
  /** Manage-booking: the visitor cancelled or moved their booking (to the shop's contact address). */
  | 'booking.visitor_cancelled'
  | 'booking.visitor_moved'
  /** A refund went through (the provider's webhook or the staff's confirmation of money paid back on site). */
  | 'refund.sent'
export const MAIL_KINDS: readonly MailKind[] = [
  'booking.confirmation',
  'request.received',
  'request.accepted',
  'request.declined',
  'payment.received',
  'booking.cancelled',
  'booking.moved',
  'booking.visitor_cancelled',
  'booking.visitor_moved',
  'refund.sent',
]
/** Why a booking was cancelled: its payment deadline passed unpaid, the staff cancelled it, or the visitor did (manage link). */
export type CancelReason = 'payment_deadline' | 'staff' | 'visitor'
/** Kinds that carry the booking's dates as an .ics attachment. */
export const MAIL_KINDS_WITH_CALENDAR: readonly MailKind[] = ['booking.confirmation', 'request.accepted', 'payment.received', 'booking.moved']
/** Manage-booking kinds addressed to the shop itself, not to the visitor. */
const SHOP_KINDS: readonly MailKind[] = ['booking.visitor_cancelled', 'booking.visitor_moved']

export type MailShop = {
  title: string
  contact: ShopContact
  colorPalette: unknown
  logoUrl?: string
  successUrl?: string
  /** IANA time zone for dates and times (default Europe/Zurich). */
  timeZone?: string
}

export type MailData = {
  booking: Booking
  shop: MailShop
  locale: Locale
  /** Absolute URL of the booking's payment link page (only http/https is ever rendered). */
  paymentUrl?: string
  /** When the payment link expires (ISO date-time). */
  paymentLinkExpiresAt?: string
  /** The operator's reply to a request. */
  reply?: string
  /** The amount of a received payment. */
  amount?: { amount: number; currency: string }
  /** Cancellations: why (default `staff`). */
  reason?: CancelReason
  /** Cancellations of a paid booking: the amount to be refunded. */
  refund?: { amount: number; currency: string }
  /** Manage-booking: the absolute URL of the visitor's "manage my booking" page. */
  manageUrl?: string
  /** Manage-booking: the moved item's former dates. */
  from?: { start: string; end: string }
  /** Manage-booking: the new price minus the old one (minor units; negative: less to pay). */
  difference?: { amount: number; currency: string }
  /** Manage-booking: the late cancellation fee kept by the shop. */
  fee?: { amount: number; currency: string }
  /** Manage-booking mails to the shop: who booked. */
  person?: { firstname: string; surname: string; email: string; phone: string }
}
export type RenderedMail = { subject: string; text: string; html: string }

export const DEFAULT_MAIL_TIME_ZONE = 'Europe/Zurich'
/** Used when the shop's palette has no valid `primary` colour. */
export const FALLBACK_PRIMARY: PaletteColor = { background: [29, 78, 216], foreground: [255, 255, 255] }


/**
 * The mails' texts. Source strings are English (as in the shop); the translations live in the
 * Lingui catalogues `src/locales/{de,en,fr}/mail.po` (`npm run i18n:extract` finds the strings
 * marked `/*i18n*\/`; see ./i18n.ts for why they are not macros). Placeholders are ICU
 * arguments: `{shop}`, `{code}`, `{amount}`, `{date}`, `{day}`, `{time}`.
 */
type Msg = string | { id: string; message: string; comment?: string }

const MESSAGES = {
  subject: {
    'booking.confirmation': /*i18n*/ 'Booking confirmation {code} – {shop}',
    'request.received': /*i18n*/ 'We have received your request {code} – {shop}',
    'request.accepted': /*i18n*/ 'Your request {code} is confirmed – {shop}',
    'request.declined': /*i18n*/ 'Your request {code} – unfortunately not possible – {shop}',
    'payment.received': /*i18n*/ 'Payment received for booking {code} – {shop}',
    'booking.cancelled': /*i18n*/ 'Your booking {code} has been cancelled – {shop}',
    'booking.moved': /*i18n*/ 'Your booking {code} has been moved – {shop}',
    'booking.visitor_cancelled': /*i18n*/ 'Booking {code} cancelled by the visitor – {shop}',
    'booking.visitor_moved': /*i18n*/ 'Booking {code} moved by the visitor – {shop}',
    'refund.sent': /*i18n*/ 'Refund for booking {code} – {shop}',
  },
  heading: {
    'booking.confirmation': /*i18n*/ 'Booking confirmation',
    'request.received': /*i18n*/ 'Request received',
    'request.accepted': /*i18n*/ 'Request confirmed',
    'request.declined': /*i18n*/ 'Request not confirmed',
    'payment.received': /*i18n*/ 'Payment received',
    'booking.cancelled': /*i18n*/ 'Booking cancelled',
    'booking.moved': /*i18n*/ 'Booking moved',
    'booking.visitor_cancelled': /*i18n*/ 'Cancelled by the visitor',
    'booking.visitor_moved': /*i18n*/ 'Moved by the visitor',
    'refund.sent': /*i18n*/ 'Refund made',
  },
  greeting: /*i18n*/ 'Hello,',
  intro: {
    'booking.confirmation': /*i18n*/ 'Thank you for booking with {shop}. We are pleased to confirm the following details.',
    'request.received': /*i18n*/ 'Thank you for your request to {shop}. We have received it.',
    'request.accepted':
      /*i18n*/ 'Good news: {shop} has checked your request; the places are available and reserved for you. Your booking is confirmed.',
    'request.declined': /*i18n*/ 'Thank you for your request to {shop}. Unfortunately, we cannot confirm it.',
    'payment.received': /*i18n*/ 'Thank you! We have received your payment of {amount}.',
    'booking.cancelled': /*i18n*/ '{shop} has cancelled your booking. The places have been released.',
    'booking.moved': /*i18n*/ 'Your booking with {shop} has been moved to the new date below. Your booking code stays the same.',
    'booking.visitor_cancelled':
      /*i18n*/ 'A visitor has cancelled their booking using the link in their confirmation e-mail. The places have been released.',
    'booking.visitor_moved': /*i18n*/ 'A visitor has moved their booking to another date using the link in their confirmation e-mail.',
    'refund.sent':
      /*i18n*/ '{shop} has refunded {amount} to you. Depending on your bank or card, it can take a few days until you see it on your statement.',
  },
  /** Above the operator's reply. */
  replyLabel: /*i18n*/ 'Our message to you',
  /** Before the payment link: pay later / accepted request, and pay now whose payment did not go through. */
  payLead: /*i18n*/ 'You can pay the amount due online:',
  payNowLead: /*i18n*/ 'If your payment did not go through, you can pay the amount due online here:',
  payButton: /*i18n*/ 'Pay online now',
  validUntil: /*i18n*/ 'The link is valid until {date}.',
  paidInFull: /*i18n*/ 'Your booking is now paid in full.',
  declinedNote: /*i18n*/ 'Perhaps another date suits you? We look forward to a new request.',
  /** Cancellations: the opening line per reason, and the line in place of the totals. */
  cancelledIntro: {
    payment_deadline:
      /*i18n*/ 'Unfortunately, we did not receive your payment for your booking with {shop} in time. We have therefore cancelled the booking and released the places. You have not been charged.',
    staff: /*i18n*/ '{shop} has cancelled your booking. The places have been released.',
    visitor: /*i18n*/ 'As you requested, we have cancelled your booking with {shop}. The places have been released.',
  },
  cancelledNote: /*i18n*/ 'Would you still like to join? You are welcome to book again while places are available.',
  /** A cancelled booking that was paid: the money goes back. */
  refundNote: /*i18n*/ 'The {amount} you paid will be refunded to you.',
  /** Manage-booking: the link to the visitor's page. */
  manageLead: /*i18n*/ 'Need to cancel or change the date? Within our cancellation policy you can do it yourself:',
  manageButton: /*i18n*/ 'Manage my booking',
  movedFrom: /*i18n*/ 'Previous date: {date}, {time}',
  moreToPay: /*i18n*/ 'The new date costs {amount} more; the amount due has been increased accordingly.',
  lessToPay: /*i18n*/ 'The new date costs {amount} less.',
  moveRefund: /*i18n*/ '{amount} will be refunded to you.',
  feeNote: /*i18n*/ 'Cancellation fee: {amount}',
  shopRefund: /*i18n*/ 'Refunded to the visitor: {amount}',
  bookedBy: /*i18n*/ 'Booked by',
  /** Pay now, not paid yet: until when the places are held. */
  payBy:
    /*i18n*/ 'Your places are held for you until {day}, {time}. If the booking is still unpaid then, it is cancelled and the places are released.',
  requestNote:
    /*i18n*/ 'We are now checking availability and will get back to you by e-mail as soon as possible. Your request is binding: with our confirmation it becomes your booking, and only then do you pay.',
  codeLabel: {
    'booking.confirmation': /*i18n*/ 'Booking code',
    'request.received': /*i18n*/ 'Reference',
    'request.accepted': /*i18n*/ 'Booking code',
    'request.declined': /*i18n*/ 'Reference',
    'payment.received': /*i18n*/ 'Booking code',
    'booking.cancelled': /*i18n*/ 'Booking code',
    'booking.moved': /*i18n*/ 'Booking code',
    'booking.visitor_cancelled': /*i18n*/ 'Booking code',
    'booking.visitor_moved': /*i18n*/ 'Booking code',
    'refund.sent': /*i18n*/ 'Booking code',
  },
  items: /*i18n*/ 'Your details',
  date: /*i18n*/ 'Date',
  time: /*i18n*/ 'Time',
  /** Where the participants meet (the offer's meeting point, else its place). */
  meetingPoint: /*i18n*/ 'Meeting point',
  quantity: /*i18n*/ 'Quantity',
  participants: /*i18n*/ 'Participants',
  /** Above the extras of a date (photo package, shoe hire …), each with its quantity and amount. */
  bookedExtras: /*i18n*/ 'Booked extras',
  price: /*i18n*/ 'Price',
  total: /*i18n*/ 'Total',
  openAmount: /*i18n*/ 'Amount due',
  paymentMethod: /*i18n*/ 'Payment method',
  // Explicit ids: "Pay online now" is also the payment button, which other languages word differently.
  payment: {
    PAY_NOW: /*i18n*/ { id: 'mail.payment-method.PAY_NOW', message: 'Pay online now', comment: 'Payment method of the booking' },
    PAY_LATER: /*i18n*/ { id: 'mail.payment-method.PAY_LATER', message: 'Pay later', comment: 'Payment method of the booking' },
    PAY_ON_SITE: /*i18n*/ { id: 'mail.payment-method.PAY_ON_SITE', message: 'Pay on site', comment: 'Payment method of the booking' },
    PAY_LATER_OR_ON_SITE: /*i18n*/ {
      id: 'mail.payment-method.PAY_LATER_OR_ON_SITE',
      message: 'Pay later or on site',
      comment: 'Payment method of the booking',
    },
  },
  calendarNote: /*i18n*/ 'The dates are attached as a calendar file (.ics).',
  viewBooking: {
    'booking.confirmation': /*i18n*/ 'View your booking',
    'request.received': /*i18n*/ 'View your request',
    'request.accepted': /*i18n*/ 'View your booking',
    'request.declined': /*i18n*/ 'See other dates',
    'payment.received': /*i18n*/ 'View your booking',
    'booking.cancelled': /*i18n*/ 'See dates',
    'booking.moved': /*i18n*/ 'View your booking',
    'booking.visitor_cancelled': /*i18n*/ 'Open the shop',
    'booking.visitor_moved': /*i18n*/ 'Open the shop',
    'refund.sent': /*i18n*/ 'Open the shop',
  },
  questions: /*i18n*/ 'Any questions? We are happy to help.',
  phone: /*i18n*/ 'Phone',
  email: /*i18n*/ 'E-mail',
  website: /*i18n*/ 'Website',
  openingHours: /*i18n*/ 'Opening hours',
  closing: /*i18n*/ 'Kind regards',
  /** Between a label and its value (French: a no-break space before the colon). */
  colon: /*i18n*/ {
    id: 'mail.colon',
    message: ': ',
    comment: 'Between a label and its value, e.g. "Phone: +41 …" (French: a no-break space before the colon)',
  },
} satisfies {
  subject: Record<MailKind, Msg>
  heading: Record<MailKind, Msg>
  intro: Record<MailKind, Msg>
  cancelledIntro: Record<CancelReason, Msg>
  codeLabel: Record<MailKind, Msg>
  payment: Record<PaymentMethod, Msg>
  viewBooking: Record<MailKind, Msg>
  [text: string]: Msg | Record<string, Msg>
}

/** The texts of one language, ready to use: placeholders become parameters. */
type Dictionary = {
  subject: Record<MailKind, (code: string, shop: string) => string>
  heading: Record<MailKind, string>
  greeting: string
  intro: Record<MailKind, (shop: string, amount: string) => string>
  replyLabel: string
  payLead: string
  payNowLead: string
  payButton: string
  validUntil: (date: string) => string
  paidInFull: string
  declinedNote: string
  cancelledIntro: Record<CancelReason, (shop: string) => string>
  cancelledNote: string
  refundNote: (amount: string) => string
  manageLead: string
  manageButton: string
  movedFrom: (date: string, time: string) => string
  moreToPay: (amount: string) => string
  lessToPay: (amount: string) => string
  moveRefund: (amount: string) => string
  feeNote: (amount: string) => string
  shopRefund: (amount: string) => string
  bookedBy: string
  payBy: (day: string, time: string) => string
  requestNote: string
  codeLabel: Record<MailKind, string>
  items: string
  date: string
  time: string
  meetingPoint: string
  quantity: string
  participants: string
  bookedExtras: string
  price: string
  total: string
  openAmount: string
  paymentMethod: string
  payment: Record<PaymentMethod, string>
  calendarNote: string
  viewBooking: Record<MailKind, string>
  questions: string
  phone: string
  email: string
  website: string
  openingHours: string
  closing: string
  colon: string
}

function mapValues<K extends string, V, W>(record: Record<K, V>, f: (value: V) => W): Record<K, W> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value as V)])) as Record<K, W>
}

function buildDictionary(i18n: I18n): Dictionary {
  const _ = (m: Msg, values?: Record<string, string>) => i18n._(typeof m === 'string' ? m : m.id, values)
  const m = MESSAGES
  return {
    subject: mapValues(m.subject, (msg) => (code: string, shop: string) => _(msg, { code, shop })),
    heading: mapValues(m.heading, (msg) => _(msg)),
    greeting: _(m.greeting),
    intro: mapValues(m.intro, (msg) => (shop: string, amount: string) => _(msg, { shop, amount })),
    replyLabel: _(m.replyLabel),
    payLead: _(m.payLead),
    payNowLead: _(m.payNowLead),
    payButton: _(m.payButton),
    validUntil: (date) => _(m.validUntil, { date }),
    paidInFull: _(m.paidInFull),
    declinedNote: _(m.declinedNote),
    cancelledIntro: mapValues(m.cancelledIntro, (msg) => (shop: string) => _(msg, { shop })),
    cancelledNote: _(m.cancelledNote),
    refundNote: (amount) => _(m.refundNote, { amount }),
    manageLead: _(m.manageLead),
    manageButton: _(m.manageButton),
    movedFrom: (date, time) => _(m.movedFrom, { date, time }),
    moreToPay: (amount) => _(m.moreToPay, { amount }),
    lessToPay: (amount) => _(m.lessToPay, { amount }),
    moveRefund: (amount) => _(m.moveRefund, { amount }),
    feeNote: (amount) => _(m.feeNote, { amount }),
    shopRefund: (amount) => _(m.shopRefund, { amount }),
    bookedBy: _(m.bookedBy),
    payBy: (day, time) => _(m.payBy, { day, time }),
    requestNote: _(m.requestNote),
    codeLabel: mapValues(m.codeLabel, (msg) => _(msg)),
    items: _(m.items),
    date: _(m.date),
    time: _(m.time),
    meetingPoint: _(m.meetingPoint),
    quantity: _(m.quantity),
    participants: _(m.participants),
    bookedExtras: _(m.bookedExtras),
    price: _(m.price),
    total: _(m.total),
    openAmount: _(m.openAmount),
    paymentMethod: _(m.paymentMethod),
    payment: mapValues(m.payment, (msg) => _(msg)),
    calendarNote: _(m.calendarNote),
    viewBooking: mapValues(m.viewBooking, (msg) => _(msg)),
    questions: _(m.questions),
    phone: _(m.phone),
    email: _(m.email),
    website: _(m.website),
    openingHours: _(m.openingHours),
    closing: _(m.closing),
    colon: _(m.colon),
  }
}

const dictionaries = new Map<Locale, Dictionary>()

/** A mail language: an unknown one falls back to German, as before. */
const mailLocale = (locale: Locale): Locale => (MAIL_LOCALES.includes(locale) ? locale : 'de')

/** The texts in a language. */
function dictionary(locale: Locale): Dictionary {
  const known = mailLocale(locale)
  let dict = dictionaries.get(known)
  if (!dict) {
    dict = buildDictionary(mailI18n(known))
    dictionaries.set(known, dict)
  }
  return dict
}

/**
 * What a payment provider shows for the payment of a booking (on its page and on the statement),
 * in the booking's language: `Bergschule Alpin – Buchung K7Q2-X9PM`.
 */
export function paymentDescription(locale: Locale, shopTitle: string, code: string): string {
  return mailI18n(mailLocale(locale))._(/*i18n*/ '{shop} – booking {code}', { shop: shopTitle, code })
}

/** An absolute http(s) URL, or undefined (config links never reach an href otherwise). */
function httpUrl(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const parsed = new URL(url.trim())
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url.trim() : undefined
  } catch {
    return undefined
  }
}

/** A day in the shop's time zone, e.g. `23. Dezember 2026` (as the pages write it, src/lib/dates). */
function formatDay(iso: string, locale: Locale, timeZone: string): string | undefined {
  if (Number.isNaN(new Date(iso).getTime())) return undefined
  return formatLongDate(iso, locale, timeZone)
}

/** Date and time range of an item in the shop's time zone, e.g. `Samstag, 14. Juni 2025`, `09:00–12:00`. */
export function formatItemDateTime(
  item: Pick<BookingItem, 'start' | 'end'>,
  locale: Locale,
  timeZone: string,
): { date: string; time: string } {
  const startDate = formatWeekdayDay(item.start, locale, timeZone)
  const endDate = formatWeekdayDay(item.end, locale, timeZone)
  const startTime = formatTime(item.start, locale, timeZone)
  const endTime = formatTime(item.end, locale, timeZone)
  if (startDate === endDate) return { date: startDate, time: `${startTime}–${endTime}` }
  return { date: `${startDate} – ${endDate}`, time: `${startTime} – ${endTime}` }
}

function rgb(c: Rgb): string {
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`
}

/** The shop's primary colour (background and foreground), or a neutral blue. */
export function primaryColour(colorPalette: unknown): PaletteColor {
  return sanitisePalette(colorPalette).primary ?? FALLBACK_PRIMARY
}

function formatAddress(address: ShopContact['address'] | undefined): string {
  if (!address) return ''
  const street = [address.street, address.streetNumber].filter(Boolean).join(' ')
  const city = [address.postalCode, address.city].filter(Boolean).join(' ')
  return [street, city].filter(Boolean).join(', ')
}

/** One date of the booking (src/lib/booking-summary.ts) as the mail writes it: every value formatted, on one line. */
type DateView = {
  offerTitle: string
  date: string
  time: string
  meetingPoint?: string
  /** A line per variant: its title (the quantity's label when it has none), `2 × CHF 149.00 = CHF 298.00`, the participants. */
  lines: { label: string; amount: string; participants: string[] }[]
  /** `Fotopaket`, `1 × CHF 25.00 = CHF 25.00`. */
  extras: { title: string; amount: string }[]
  price: string
}

/**
 * A visitor's text on one line: control characters and line separators become spaces. The
 * checkout refuses them already; this keeps a stored value from ever starting a line of its own
 * in the plain-text part (a fake `Bcc:` line, say).
 */
function oneLine(value: string) {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return value.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ')
}

function dateViews(booking: Booking, locale: Locale, timeZone: string, quantityLabel: string): DateView[] {
  const money = (m: { amount: number; currency: string } | undefined) => (m ? formatMoney(m, locale) : undefined)
  return bookedDates(booking.items).map((booked) => {
    const { date, time } = formatItemDateTime(booked, locale, timeZone)
    return {
      offerTitle: booked.offerTitle,
      date,
      time,
      ...(booked.meetingPoint ? { meetingPoint: oneLine(booked.meetingPoint) } : {}),
      lines: booked.lines.map((line) => ({
        label: line.variant.trim() || quantityLabel,
        amount: quantityAndPrice(line.quantity, money(line.unitPrice), money(line.amount)),
        participants: line.participants.map((name) => oneLine(name).trim()).filter(Boolean),
      })),
      extras: booked.extras.map((extra) => ({ title: extra.title, amount: quantityAndPrice(extra.quantity, money(extra.unitPrice), money(extra.amount)) })),
      price: formatMoney(booked.total, locale),
    }
  })
}

export function renderMail(kind: MailKind, data: MailData): RenderedMail {
  const { booking, shop, locale } = data
  const t = dictionary(locale)
  const timeZone = shop.timeZone || DEFAULT_MAIL_TIME_ZONE
  const shopTitle = shop.title.trim() || shop.contact.name
  const items = dateViews(booking, locale, timeZone, t.quantity)
  const total = formatMoney(booking.total, locale)
  const open = formatMoney(booking.openAmount, locale)
  const payment = t.payment[booking.paymentMethod] ?? booking.paymentMethod
  const link = httpUrl(shop.successUrl)
  const contact = {
    name: shop.contact.name,
    address: formatAddress(shop.contact.address),
    phone: shop.contact.phone,
    email: shop.contact.email,
    website: httpUrl(shop.contact.website),
    openingHours: pickLabel(shop.contact.openingHours, locale),
  }

  const subject = t.subject[kind](booking.code, shopTitle).replace(/[\r\n]+/g, ' ')
  const received = data.amount ? formatMoney(data.amount, locale) : open
  const intro = kind === 'booking.cancelled' ? t.cancelledIntro[data.reason ?? 'staff'](shopTitle) : t.intro[kind](shopTitle, received)
  const reply =
    (kind === 'request.accepted' || kind === 'request.declined' || kind === 'booking.cancelled') && data.reply?.trim() ? data.reply.trim() : undefined
  // The payment link: only while something is open, and never on a refusal or a receipt.
  const payUrl =
    (kind === 'booking.confirmation' || kind === 'request.accepted' || kind === 'booking.moved') && booking.openAmount.amount > 0 ? httpUrl(data.paymentUrl) : undefined
  const payLead = kind === 'booking.confirmation' && booking.paymentMethod === 'PAY_NOW' ? t.payNowLead : t.payLead
  const expiry = payUrl && data.paymentLinkExpiresAt ? formatDay(data.paymentLinkExpiresAt, locale, timeZone) : undefined
  const deadline =
    (kind === 'booking.confirmation' || kind === 'request.accepted') && booking.openAmount.amount > 0 && booking.paymentDeadline
      ? formatItemDateTime({ start: booking.paymentDeadline, end: booking.paymentDeadline }, locale, timeZone)
      : undefined
  const payBy = deadline ? t.payBy(deadline.date, deadline.time.split('–')[0]!) : undefined
  // A refund of a cancelled booking has no amount due to show; of a booking moved to a cheaper date, it has.
  const withTotals =
    kind !== 'request.declined' && kind !== 'booking.cancelled' && kind !== 'booking.visitor_cancelled' && !(kind === 'refund.sent' && booking.status === 'CANCELLED')
  const closingNote =
    kind === 'booking.cancelled' || kind === 'refund.sent' ? t.cancelledNote : kind === 'booking.visitor_cancelled' ? '' : t.declinedNote
  const paidInFull = kind === 'payment.received' && booking.openAmount.amount === 0
  const refund = kind === 'booking.cancelled' && data.refund && data.refund.amount > 0 ? t.refundNote(formatMoney(data.refund, locale)) : undefined
  // Manage-booking: the visitor's link, a move's former date and price difference, what the shop is told.
  const manageUrl =
    kind === 'booking.confirmation' || kind === 'request.accepted' || kind === 'payment.received' || kind === 'booking.moved' ? httpUrl(data.manageUrl) : undefined
  const fromDate = data.from && (kind === 'booking.moved' || kind === 'booking.visitor_moved') ? formatItemDateTime(data.from, locale, timeZone) : undefined
  const changeNotes: string[] = []
  if (fromDate) changeNotes.push(t.movedFrom(fromDate.date, fromDate.time))
  if (kind === 'booking.moved' && data.difference && data.difference.amount > 0) changeNotes.push(t.moreToPay(formatMoney(data.difference, locale)))
  if (kind === 'booking.moved' && data.difference && data.difference.amount < 0) {
    changeNotes.push(t.lessToPay(formatMoney({ ...data.difference, amount: -data.difference.amount }, locale)))
  }
  if (kind === 'booking.moved' && data.refund && data.refund.amount > 0) changeNotes.push(t.moveRefund(formatMoney(data.refund, locale)))
  if (SHOP_KINDS.includes(kind)) {
    if (data.person) {
      const who = [oneLine(`${data.person.firstname} ${data.person.surname}`).trim(), oneLine(data.person.email), oneLine(data.person.phone)].filter(Boolean)
      changeNotes.unshift(`${t.bookedBy}${t.colon}${who.join(', ')}`)
    }
    if (data.fee && data.fee.amount > 0) changeNotes.push(t.feeNote(formatMoney(data.fee, locale)))
    if (data.refund && data.refund.amount > 0) changeNotes.push(t.shopRefund(formatMoney(data.refund, locale)))
  }
  const calendar = (MAIL_KINDS_WITH_CALENDAR as readonly string[]).includes(kind) && booking.items.length > 0

  // ---- plain text ----------------------------------------------------------------------------
  const text: string[] = [
    `${t.greeting}`,
    '',
    intro,
    ...(kind === 'request.received' ? ['', t.requestNote] : []),
    ...(reply ? ['', `${t.replyLabel}${t.colon}`, ...reply.split(/\r?\n/).map((line) => `> ${line}`)] : []),
    ...(paidInFull ? ['', t.paidInFull] : []),
    ...(refund ? ['', refund] : []),
    ...(changeNotes.length ? ['', ...changeNotes] : []),
    '',
    `${t.codeLabel[kind]}${t.colon}${booking.code}`,
    '',
  ]
  if (payBy) text.push(payBy, '')
  if (payUrl) text.push(payLead, payUrl, ...(expiry ? [t.validUntil(expiry)] : []), '')
  if (manageUrl) text.push(t.manageLead, manageUrl, '')
  for (const item of items) {
    text.push(item.offerTitle)
    text.push(`  ${t.date}${t.colon}${item.date}`)
    text.push(`  ${t.time}${t.colon}${item.time}`)
    if (item.meetingPoint) text.push(`  ${t.meetingPoint}${t.colon}${item.meetingPoint}`)
    for (const line of item.lines) {
      text.push(`  ${line.label}${t.colon}${line.amount}`)
      if (line.participants.length) text.push(`  ${t.participants}${t.colon}${line.participants.join(', ')}`)
    }
    if (item.extras.length) text.push(`  ${t.bookedExtras}${t.colon}`.trimEnd(), ...item.extras.map((x) => `    ${x.title}${t.colon}${x.amount}`))
    text.push(`  ${t.price}${t.colon}${item.price}`)
    text.push('')
  }
  if (withTotals) {
    text.push(`${t.total}${t.colon}${total}`)
    text.push(`${t.openAmount}${t.colon}${open}`)
    text.push(`${t.paymentMethod}${t.colon}${payment}`)
  } else if (closingNote) {
    text.push(closingNote)
  }
  if (calendar) text.push('', t.calendarNote)
  if (link) text.push('', `${t.viewBooking[kind]}${t.colon}${link}`)
  text.push('', t.questions, contact.name)
  if (contact.address) text.push(contact.address)
  if (contact.phone) text.push(`${t.phone}${t.colon}${contact.phone}`)
  if (contact.email) text.push(`${t.email}${t.colon}${contact.email}`)
  if (contact.website) text.push(`${t.website}${t.colon}${contact.website}`)
  if (contact.openingHours) text.push(`${t.openingHours}${t.colon}${contact.openingHours}`)
  text.push('', t.closing, shopTitle, '')

  // ---- HTML ------------------------------------------------------------------------------------
  const primary = primaryColour(shop.colorPalette)
  const bg = rgb(primary.background)
  const fg = rgb(primary.foreground)
  const e = escapeHtml
  const font = "font-family:Arial,Helvetica,sans-serif;"
  const p = `margin:0 0 16px 0;${font}font-size:15px;line-height:22px;color:#1f2937;`
  const cell = `padding:4px 0;${font}font-size:14px;line-height:20px;color:#1f2937;vertical-align:top;`
  const labelCell = `${cell}width:40%;color:#4b5563;`
  const row = (label: string, value: string) =>
    `<tr><td style="${labelCell}">${e(label)}</td><td style="${cell}">${e(value)}</td></tr>`

  const logo = httpUrl(shop.logoUrl)
  const header =
    `<tr><td style="background-color:${bg};color:${fg};padding:24px 32px;${font}">` +
    (logo
      ? `<img src="${e(logo)}" alt="${e(shopTitle)}" height="40" style="display:block;height:40px;width:auto;border:0;margin:0 0 12px 0;">`
      : '') +
    `<div style="${font}font-size:14px;line-height:20px;color:${fg};">${e(shopTitle)}</div>` +
    `<h1 style="margin:4px 0 0 0;${font}font-size:22px;line-height:28px;font-weight:bold;color:${fg};">${e(t.heading[kind])}</h1>` +
    `</td></tr>`

  const itemBlocks = items
    .map(
      (item) =>
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 16px 0;border-top:1px solid #e5e7eb;">` +
        `<tr><td colspan="2" style="padding:12px 0 4px 0;${font}font-size:16px;line-height:22px;font-weight:bold;color:#111827;">${e(item.offerTitle)}</td></tr>` +
        row(t.date, item.date) +
        row(t.time, item.time) +
        (item.meetingPoint ? row(t.meetingPoint, item.meetingPoint) : '') +
        item.lines.map((line) => row(line.label, line.amount) + (line.participants.length ? row(t.participants, line.participants.join(', ')) : '')).join('') +
        (item.extras.length
          ? `<tr><td style="${labelCell}">${e(t.bookedExtras)}</td><td style="${cell}">${item.extras.map((x) => `${e(x.title)}${e(t.colon)}${e(x.amount)}`).join('<br>')}</td></tr>`
          : '') +
        row(t.price, item.price) +
        `</table>`,
    )
    .join('')

  const totals =
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 16px 0;border-top:2px solid ${bg};">` +
    `<tr><td style="${labelCell}padding-top:12px;font-weight:bold;color:#111827;">${e(t.total)}</td><td style="${cell}padding-top:12px;font-weight:bold;">${e(total)}</td></tr>` +
    row(t.openAmount, open) +
    row(t.paymentMethod, payment) +
    `</table>`

  const payBlock = payUrl
    ? `<p style="${p}">${e(payLead)}</p>` +
      `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 8px 0;"><tr>` +
      `<td style="background-color:${bg};border-radius:6px;">` +
      `<a href="${e(payUrl)}" style="display:inline-block;padding:12px 20px;${font}font-size:15px;font-weight:bold;color:${fg};text-decoration:none;">${e(t.payButton)}</a>` +
      `</td></tr></table>` +
      (expiry ? `<p style="${p}font-size:13px;color:#4b5563;">${e(t.validUntil(expiry))}</p>` : `<p style="${p}"></p>`)
    : ''
  const replyBlock = reply
    ? `<p style="${p}margin-bottom:4px;font-weight:bold;">${e(t.replyLabel)}</p>` +
      `<p style="${p}padding:12px 16px;background-color:#f3f4f6;border-left:4px solid ${bg};">${reply.split(/\r?\n/).map(e).join('<br>')}</p>`
    : ''

  const button = link
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;"><tr>` +
      `<td style="background-color:${bg};border-radius:6px;">` +
      `<a href="${e(link)}" style="display:inline-block;padding:12px 20px;${font}font-size:15px;font-weight:bold;color:${fg};text-decoration:none;">${e(t.viewBooking[kind])}</a>` +
      `</td></tr></table>`
    : ''

  const contactLines = [
    `<strong>${e(contact.name)}</strong>`,
    contact.address ? e(contact.address) : '',
    contact.phone ? `${e(t.phone)}${e(t.colon)}${e(contact.phone)}` : '',
    contact.email
      ? `${e(t.email)}${e(t.colon)}<a href="mailto:${e(contact.email)}" style="color:${bg};">${e(contact.email)}</a>`
      : '',
    contact.website
      ? `${e(t.website)}${e(t.colon)}<a href="${e(contact.website)}" style="color:${bg};">${e(contact.website)}</a>`
      : '',
    contact.openingHours ? `${e(t.openingHours)}${e(t.colon)}${e(contact.openingHours)}` : '',
  ].filter(Boolean)

  const body =
    `<tr><td style="padding:24px 32px;background-color:#ffffff;">` +
    `<p style="${p}">${e(t.greeting)}</p>` +
    `<p style="${p}">${e(intro)}</p>` +
    (kind === 'request.received' ? `<p style="${p}">${e(t.requestNote)}</p>` : '') +
    replyBlock +
    (paidInFull ? `<p style="${p}font-weight:bold;">${e(t.paidInFull)}</p>` : '') +
    (refund ? `<p style="${p}font-weight:bold;">${e(refund)}</p>` : '') +
    changeNotes.map((note) => `<p style="${p}">${e(note)}</p>`).join('') +
    `<p style="${p}">${e(t.codeLabel[kind])}${e(t.colon)}<strong style="font-size:17px;letter-spacing:1px;">${e(booking.code)}</strong></p>` +
    (payBy ? `<p style="${p}font-weight:bold;">${e(payBy)}</p>` : '') +
    payBlock +
    (manageUrl
      ? `<p style="${p}margin-bottom:8px;">${e(t.manageLead)}</p>` +
        `<p style="${p}"><a href="${e(manageUrl)}" style="color:${bg};font-weight:bold;">${e(t.manageButton)}</a></p>`
      : '') +
    itemBlocks +
    (withTotals ? totals : closingNote ? `<p style="${p}">${e(closingNote)}</p>` : '') +
    (calendar ? `<p style="${p}">${e(t.calendarNote)}</p>` : '') +
    button +
    `<p style="${p}">${e(t.closing)}<br>${e(shopTitle)}</p>` +
    `</td></tr>` +
    `<tr><td style="padding:16px 32px 24px 32px;background-color:#f3f4f6;${font}font-size:13px;line-height:20px;color:#4b5563;">` +
    `<p style="margin:0 0 8px 0;${font}font-size:13px;line-height:20px;color:#4b5563;">${e(t.questions)}</p>` +
    contactLines.join('<br>') +
    `</td></tr>`

  const html =
    `<!DOCTYPE html>` +
    `<html lang="${e(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${e(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background-color:#f3f4f6;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;background-color:#f3f4f6;"><tr><td align="center" style="padding:24px 8px;">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;width:100%;max-width:600px;background-color:#ffffff;">` +
    header +
    body +
    `</table></td></tr></table></body></html>`

  return { subject, text: text.join('\n'), html }
}
