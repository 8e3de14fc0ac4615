/**
 * The staff's e-mails and text messages: an invitation and a password reset (each with its
 * single-use link), the confirmation code of a new e-mail address or phone number, and the
 * notice of a new booking or request (to the managers and owners who want it). In the
 * recipient's language; texts in the mail catalogue (`src/locales/{de,en,fr}/mail.po`, marked
 * `/*i18n*\/` as in ./templates.ts). Every interpolated value is escaped in the HTML part.
 */
import type { Locale } from '~/lib/locale'
import { escapeHtml } from '~/lib/html'
import { formatDay, formatDayTime, formatTime, INTL_LOCALE } from '~/lib/dates'
import { MAIL_LOCALES, mailI18n } from './i18n'
import { DEFAULT_MAIL_TIME_ZONE, formatMoney, primaryColour, type RenderedMail } from './templates'

export const STAFF_MAIL_KINDS = ['staff_invitation', 'staff_password_reset', 'staff_contact_code'] as const
export type StaffMailKind = (typeof STAFF_MAIL_KINDS)[number]
/** Outbox kinds handed to the text-message transport instead of the mail transport. */
export const SMS_KINDS = ['staff_contact_code_sms'] as const
export type SmsKind = (typeof SMS_KINDS)[number]

export const isStaffMailKind = (kind: string): kind is StaffMailKind => (STAFF_MAIL_KINDS as readonly string[]).includes(kind)
export const isSmsKind = (kind: string): kind is SmsKind => (SMS_KINDS as readonly string[]).includes(kind)

/** What each staff mail needs (the link mails: the link and its end; the code mail: the code). */
export type StaffMailData =
  | { kind: 'staff_invitation' | 'staff_password_reset'; name: string; url: string; expiresAt: string }
  | { kind: 'staff_contact_code'; name: string; code: string }

export type StaffMailShop = { title: string; colorPalette: unknown; timeZone?: string }

const MESSAGES = {
  subject: {
    staff_invitation: /*i18n*/ 'Your access to the staff app of {shop}',
    staff_password_reset: /*i18n*/ 'Choose a new password – {shop}',
    staff_contact_code: /*i18n*/ 'Your confirmation code – {shop}',
  },
  greeting: /*i18n*/ 'Hello {name},',
  intro: {
    staff_invitation: /*i18n*/ '{shop} invites you to its staff app. Choose your password with this link:',
    staff_password_reset: /*i18n*/ 'You asked for a new password for the staff app of {shop}. Choose it with this link:',
    staff_contact_code: /*i18n*/ 'Your confirmation code for the new e-mail address of your account with {shop}:',
  },
  button: {
    staff_invitation: /*i18n*/ 'Choose my password',
    staff_password_reset: /*i18n*/ 'Choose a new password',
  },
  linkValidUntil: /*i18n*/ 'The link can be used once, until {date}.',
  codeValid: /*i18n*/ 'The code is valid for 15 minutes.',
  ignore: {
    staff_invitation: /*i18n*/ 'If you did not expect this invitation, you can ignore this e-mail.',
    staff_password_reset: /*i18n*/ 'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
    staff_contact_code: /*i18n*/ 'If you did not ask for this change, you can ignore this e-mail.',
  },
  closing: /*i18n*/ 'Kind regards',
  sms: /*i18n*/ '{code} is your confirmation code for {shop}. It is valid for 15 minutes.',
} as const

const known = (locale: Locale): Locale => (MAIL_LOCALES.includes(locale) ? locale : 'de')

/** `Samstag, 14. Juni 2025, 09:00`, `samedi 14 juin 2025, 09:00`: as the visitor's pages and e-mails write it (lib/dates). */
function dateTime(iso: string, locale: Locale, timeZone: string): string {
  return formatDayTime(iso, locale, timeZone)
}

/** An http(s) URL or nothing: a link never reaches an href otherwise. */
function httpUrl(url: string): string {
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('a staff link must be http(s)')
  return parsed.href
}

export function renderStaffMail(data: StaffMailData, shop: StaffMailShop, locale: Locale): RenderedMail {
  const lang = known(locale)
  const i18n = mailI18n(lang)
  const _ = (id: string, values?: Record<string, string>) => i18n._(id, values)
  const title = shop.title
  const subject = _(MESSAGES.subject[data.kind], { shop: title }).replace(/[\r\n]+/g, ' ')
  const greeting = _(MESSAGES.greeting, { name: data.name })
  const intro = _(MESSAGES.intro[data.kind], { shop: title })
  const ignore = _(MESSAGES.ignore[data.kind])
  const closing = _(MESSAGES.closing)
  const link =
    data.kind === 'staff_contact_code'
      ? undefined
      : {
          url: httpUrl(data.url),
          button: _(MESSAGES.button[data.kind]),
          validity: _(MESSAGES.linkValidUntil, { date: dateTime(data.expiresAt, lang, shop.timeZone || DEFAULT_MAIL_TIME_ZONE) }),
        }
  const code = data.kind === 'staff_contact_code' ? { code: data.code, validity: _(MESSAGES.codeValid) } : undefined

  const text = [greeting, '', intro, '']
  if (link) text.push(link.url, '', link.validity)
  if (code) text.push(code.code, '', code.validity)
  text.push('', ignore, '', closing, title, '')

  const e = escapeHtml
  const primary = primaryColour(shop.colorPalette)
  const bg = `rgb(${primary.background.join(', ')})`
  const fg = `rgb(${primary.foreground.join(', ')})`
  const font = 'font-family:Arial,Helvetica,sans-serif;'
  const p = `margin:0 0 16px 0;${font}font-size:15px;line-height:22px;color:#1f2937;`
  const action = link
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0;"><tr><td style="background-color:${bg};border-radius:6px;">` +
      `<a href="${e(link.url)}" style="display:inline-block;padding:12px 20px;${font}font-size:15px;font-weight:bold;color:${fg};text-decoration:none;">${e(link.button)}</a>` +
      `</td></tr></table><p style="${p}font-size:13px;color:#4b5563;">${e(link.url)}</p><p style="${p}">${e(link.validity)}</p>`
    : `<p style="${p}font-size:28px;line-height:36px;font-weight:bold;letter-spacing:6px;">${e(code!.code)}</p><p style="${p}">${e(code!.validity)}</p>`
  const html =
    `<!DOCTYPE html><html lang="${e(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background-color:#f3f4f6;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;background-color:#f3f4f6;"><tr><td align="center" style="padding:24px 8px;">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;width:100%;max-width:600px;background-color:#ffffff;">` +
    `<tr><td style="background-color:${bg};color:${fg};padding:24px 32px;${font}font-size:16px;font-weight:bold;">${e(title)}</td></tr>` +
    `<tr><td style="padding:24px 32px;">` +
    `<p style="${p}">${e(greeting)}</p><p style="${p}">${e(intro)}</p>${action}<p style="${p}">${e(ignore)}</p>` +
    `<p style="${p}">${e(closing)}<br>${e(title)}</p>` +
    `</td></tr></table></td></tr></table></body></html>`
  return { subject, text: text.join('\n'), html }
}

/** The text message with a confirmation code. */
export function renderContactCodeSms(code: string, shopTitle: string, locale: Locale): string {
  return mailI18n(known(locale))._(MESSAGES.sms, { code, shop: shopTitle })
}

/**
 * The staff's notices of a new booking or request (issue 21, point 7): one per opted-in manager
 * and owner, in their language, with a link to the booking's or request's page in the staff app.
 * Not part of STAFF_MAIL_KINDS (those carry a secret link that is dropped once sent).
 */
export const STAFF_BOOKING_MAIL_KINDS = ['staff.booking_received', 'staff.request_received'] as const
export type StaffBookingMailKind = (typeof STAFF_BOOKING_MAIL_KINDS)[number]
export const isStaffBookingMailKind = (kind: string): kind is StaffBookingMailKind => (STAFF_BOOKING_MAIL_KINDS as readonly string[]).includes(kind)

/** Whether an outbox kind is a mail to the staff (not to the visitor): the booking's "e-mails sent" tells them apart. */
export const isStaffRecipientKind = (kind: string): boolean =>
  isStaffMailKind(kind) || isStaffBookingMailKind(kind) || isStaffAssignmentMailKind(kind) || isSmsKind(kind)

export type StaffBookingPaymentMethod = 'PAY_NOW' | 'PAY_LATER' | 'PAY_ON_SITE' | 'PAY_LATER_OR_ON_SITE'

/** What a notice tells about the booking (texts already in the recipient's language). */
export type StaffBookingNotice = {
  code: string
  mode: 'order' | 'request'
  person: { firstname: string; surname: string; email: string; phone: string }
  company?: string
  paymentMethod: StaffBookingPaymentMethod
  total: { amount: number; currency: string }
  message?: string
  items: { offer: string; variant?: string; start: string; end: string; participants: number }[]
}

export type StaffBookingMailData = {
  kind: StaffBookingMailKind
  /** The recipient's name. */
  name: string
  booking: StaffBookingNotice
  /** The booking's or request's page in the staff app (absolute, http(s)); absent: no button. */
  url?: string
}

const NOTICE = {
  subject: {
    'staff.booking_received': /*i18n*/ 'New booking {code} – {shop}',
    'staff.request_received': /*i18n*/ 'New request {code} – {shop}',
  },
  intro: {
    'staff.booking_received': /*i18n*/ '{person} has booked with {shop}:',
    'staff.request_received': /*i18n*/ '{person} has sent a request to {shop}. It waits for your answer:',
  },
  codeLabel: {
    'staff.booking_received': /*i18n*/ 'Booking code',
    'staff.request_received': /*i18n*/ 'Reference',
  },
  button: {
    'staff.booking_received': /*i18n*/ 'Open the booking',
    'staff.request_received': /*i18n*/ 'Open the request',
  },
  why: {
    'staff.booking_received': /*i18n*/ 'You receive this e-mail because e-mails about new bookings are switched on in your profile.',
    'staff.request_received': /*i18n*/ 'You receive this e-mail because e-mails about new requests are switched on in your profile.',
  },
  participants: /*i18n*/ 'Participants',
  total: /*i18n*/ 'Total',
  paymentMethod: /*i18n*/ 'Payment method',
  email: /*i18n*/ 'E-mail',
  phone: /*i18n*/ 'Phone',
  message: /*i18n*/ 'Message from the visitor',
  colon: /*i18n*/ {
    id: 'mail.colon',
    message: ': ',
    comment: 'Between a label and its value, e.g. "Phone: +41 …" (French: a no-break space before the colon)',
  },
  method: {
    PAY_NOW: /*i18n*/ { id: 'mail.payment-method.PAY_NOW', message: 'Pay online now', comment: 'Payment method of the booking' },
    PAY_LATER: /*i18n*/ { id: 'mail.payment-method.PAY_LATER', message: 'Pay later', comment: 'Payment method of the booking' },
    PAY_ON_SITE: /*i18n*/ { id: 'mail.payment-method.PAY_ON_SITE', message: 'Pay on site', comment: 'Payment method of the booking' },
    PAY_LATER_OR_ON_SITE: /*i18n*/ {
      id: 'mail.payment-method.PAY_LATER_OR_ON_SITE',
      message: 'Pay later or on site',
      comment: 'Payment method of the booking',
    },
  },
} as const

/** `Samstag, 14. Juni 2025, 09:00–12:00`, `samedi 14 juin 2025, 09:00–12:00` (no comma after the weekday) in the shop's time zone. */
function itemWhen(start: string, end: string, locale: Locale, timeZone: string): string {
  const day = (iso: string) => formatDay(iso, locale, timeZone)
  const time = (iso: string) => formatTime(iso, locale, timeZone)
  if (day(start) === day(end)) return `${day(start)}, ${time(start)}–${time(end)}`
  return `${day(start)}, ${time(start)} – ${day(end)}, ${time(end)}`
}

/** The notice of a new booking or request to a staff member, in their language. */
export function renderStaffBookingMail(data: StaffBookingMailData, shop: StaffMailShop, locale: Locale): RenderedMail {
  const lang = known(locale)
  const i18n = mailI18n(lang)
  const _ = (id: string | { id: string; message: string }, values?: Record<string, string>) =>
    typeof id === 'string' ? i18n._(id, values) : i18n._({ id: id.id, message: id.message, values })
  const timeZone = shop.timeZone || DEFAULT_MAIL_TIME_ZONE
  const b = data.booking
  const title = shop.title
  const personName = `${b.person.firstname} ${b.person.surname}`.trim()
  const person = b.company ? `${personName} (${b.company})` : personName
  const subject = _(NOTICE.subject[data.kind], { code: b.code, shop: title }).replace(/[\r\n]+/g, ' ')
  const greeting = _(MESSAGES.greeting, { name: data.name })
  const intro = _(NOTICE.intro[data.kind], { person, shop: title })
  const colon = _(NOTICE.colon)
  const items = b.items.map((item) => ({
    what: item.variant ? `${item.offer} – ${item.variant}` : item.offer,
    when: itemWhen(item.start, item.end, lang, timeZone),
    participants: `${_(NOTICE.participants)}${colon}${item.participants}`,
  }))
  const facts: [string, string][] = [
    [_(NOTICE.codeLabel[data.kind]), b.code],
    [_(NOTICE.total), formatMoney(b.total, lang)],
    [_(NOTICE.paymentMethod), _(NOTICE.method[b.paymentMethod])],
    [_(NOTICE.email), b.person.email],
    [_(NOTICE.phone), b.person.phone],
  ]
  const url = data.url ? httpUrl(data.url) : undefined
  const button = _(NOTICE.button[data.kind])
  const why = _(NOTICE.why[data.kind])

  const text = [greeting, '', intro, '']
  for (const item of items) text.push(`- ${item.what}`, `  ${item.when}`, `  ${item.participants}`)
  text.push('')
  for (const [label, value] of facts) text.push(`${label}${colon}${value}`)
  if (b.message) text.push('', `${_(NOTICE.message)}${colon.trimEnd()}`, b.message)
  if (url) text.push('', `${button}${colon}${url}`)
  text.push('', why, '', title, '')

  const e = escapeHtml
  const primary = primaryColour(shop.colorPalette)
  const bg = `rgb(${primary.background.join(', ')})`
  const fg = `rgb(${primary.foreground.join(', ')})`
  const font = 'font-family:Arial,Helvetica,sans-serif;'
  const p = `margin:0 0 16px 0;${font}font-size:15px;line-height:22px;color:#1f2937;`
  const cell = `padding:4px 12px 4px 0;${font}font-size:15px;line-height:22px;color:#1f2937;vertical-align:top;`
  const list = `<ul style="margin:0 0 16px 0;padding:0 0 0 20px;">${items
    .map((item) => `<li style="${p}margin:0 0 8px 0;"><strong>${e(item.what)}</strong><br>${e(item.when)}<br>${e(item.participants)}</li>`)
    .join('')}</ul>`
  const table = `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0;border-collapse:collapse;">${facts
    .map(([label, value]) => `<tr><th scope="row" style="${cell}text-align:left;font-weight:bold;">${e(label)}</th><td style="${cell}">${e(value)}</td></tr>`)
    .join('')}</table>`
  const message = b.message
    ? `<p style="${p}font-weight:bold;margin-bottom:4px;">${e(_(NOTICE.message))}</p><p style="${p}white-space:pre-wrap;">${e(b.message)}</p>`
    : ''
  const action = url
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0;"><tr><td style="background-color:${bg};border-radius:6px;">` +
      `<a href="${e(url)}" style="display:inline-block;padding:12px 20px;${font}font-size:15px;font-weight:bold;color:${fg};text-decoration:none;">${e(button)}</a>` +
      `</td></tr></table><p style="${p}font-size:13px;color:#4b5563;">${e(url)}</p>`
    : ''
  const html =
    `<!DOCTYPE html><html lang="${e(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background-color:#f3f4f6;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;background-color:#f3f4f6;"><tr><td align="center" style="padding:24px 8px;">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;width:100%;max-width:600px;background-color:#ffffff;">` +
    `<tr><td style="background-color:${bg};color:${fg};padding:24px 32px;${font}font-size:16px;font-weight:bold;">${e(title)}</td></tr>` +
    `<tr><td style="padding:24px 32px;">` +
    `<p style="${p}">${e(greeting)}</p><p style="${p}">${e(intro)}</p>${list}${table}${message}${action}` +
    `<p style="${p}font-size:13px;color:#4b5563;">${e(why)}</p>` +
    `</td></tr></table></td></tr></table></body></html>`
  return { subject, text: text.join('\n'), html }
}

/**
 * A member's notice that a manager assigned them as a guide of a date, or took them off it
 * (issue 18): in their language, with the date and time in the shop's time zone, the offer, the
 * meeting point and (when assigned) a link to the date's participant list.
 */
export const STAFF_ASSIGNMENT_MAIL_KINDS = ['staff.assigned', 'staff.unassigned'] as const
export type StaffAssignmentMailKind = (typeof STAFF_ASSIGNMENT_MAIL_KINDS)[number]
export const isStaffAssignmentMailKind = (kind: string): kind is StaffAssignmentMailKind =>
  (STAFF_ASSIGNMENT_MAIL_KINDS as readonly string[]).includes(kind)

/** What the notice tells of the date (texts already in the recipient's language). */
export type StaffAssignmentNotice = {
  sessionId: string
  offer: string
  /** Instants (RFC 3339). */
  start: string
  end: string
  /** The offer's meeting point, else its place. */
  meetingPoint?: string
  /** The offer's place, when the meeting point is another. */
  place?: string
  /** Who made the change. */
  by: string
}

export type StaffAssignmentMailData = {
  kind: StaffAssignmentMailKind
  /** The recipient's name. */
  name: string
  assignment: StaffAssignmentNotice
  /** The date's participant list in the staff app (absolute, http(s)); absent: no button. Only with `staff.assigned`. */
  url?: string
}

const ASSIGNMENT = {
  subject: {
    'staff.assigned': /*i18n*/ 'You guide {offer} on {date} – {shop}',
    'staff.unassigned': /*i18n*/ 'You no longer guide {offer} on {date} – {shop}',
  },
  intro: {
    'staff.assigned': /*i18n*/ '{by} has assigned you as a guide of this date:',
    'staff.unassigned': /*i18n*/ '{by} has taken you off the guides of this date:',
  },
  introNoActor: {
    'staff.assigned': /*i18n*/ 'You have been assigned as a guide of this date:',
    'staff.unassigned': /*i18n*/ 'You are no longer a guide of this date:',
  },
  when: /*i18n*/ 'When',
  meetingPoint: /*i18n*/ 'Meeting point',
  place: /*i18n*/ 'Place',
  button: /*i18n*/ 'Open the participant list',
  unassignedNote: /*i18n*/ 'You no longer need to keep this time free for this date.',
  why: /*i18n*/ 'You receive this e-mail because the guides of the dates of {shop} are planned in its staff app.',
} as const

/** `14.06.2025` (short date of the subject) in the shop's time zone. */
function shortDate(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeZone }).format(new Date(iso))
}

/** The notice of an assignment as a guide (or of its end) to a staff member, in their language. */
export function renderStaffAssignmentMail(data: StaffAssignmentMailData, shop: StaffMailShop, locale: Locale): RenderedMail {
  const lang = known(locale)
  const i18n = mailI18n(lang)
  const _ = (id: string | { id: string; message: string }, values?: Record<string, string>) =>
    typeof id === 'string' ? i18n._(id, values) : i18n._({ id: id.id, message: id.message, values })
  const timeZone = shop.timeZone || DEFAULT_MAIL_TIME_ZONE
  const a = data.assignment
  const title = shop.title
  const subject = _(ASSIGNMENT.subject[data.kind], { offer: a.offer, date: shortDate(a.start, lang, timeZone), shop: title }).replace(/[\r\n]+/g, ' ')
  const greeting = _(MESSAGES.greeting, { name: data.name })
  const intro = a.by.trim() ? _(ASSIGNMENT.intro[data.kind], { by: a.by.trim() }) : _(ASSIGNMENT.introNoActor[data.kind])
  const colon = _(NOTICE.colon)
  const facts: [string, string][] = [[_(ASSIGNMENT.when), itemWhen(a.start, a.end, lang, timeZone)]]
  if (a.meetingPoint) facts.push([_(ASSIGNMENT.meetingPoint), a.meetingPoint])
  if (a.place) facts.push([_(ASSIGNMENT.place), a.place])
  const url = data.kind === 'staff.assigned' && data.url ? httpUrl(data.url) : undefined
  const button = _(ASSIGNMENT.button)
  const note = data.kind === 'staff.unassigned' ? _(ASSIGNMENT.unassignedNote) : undefined
  const why = _(ASSIGNMENT.why, { shop: title })

  const text = [greeting, '', intro, '', a.offer]
  for (const [label, value] of facts) text.push(`${label}${colon}${value}`)
  if (note) text.push('', note)
  if (url) text.push('', `${button}${colon}${url}`)
  text.push('', why, '', title, '')

  const e = escapeHtml
  const primary = primaryColour(shop.colorPalette)
  const bg = `rgb(${primary.background.join(', ')})`
  const fg = `rgb(${primary.foreground.join(', ')})`
  const font = 'font-family:Arial,Helvetica,sans-serif;'
  const p = `margin:0 0 16px 0;${font}font-size:15px;line-height:22px;color:#1f2937;`
  const cell = `padding:4px 12px 4px 0;${font}font-size:15px;line-height:22px;color:#1f2937;vertical-align:top;`
  const table = `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0;border-collapse:collapse;">${facts
    .map(([label, value]) => `<tr><th scope="row" style="${cell}text-align:left;font-weight:bold;">${e(label)}</th><td style="${cell}">${e(value)}</td></tr>`)
    .join('')}</table>`
  const action = url
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0;"><tr><td style="background-color:${bg};border-radius:6px;">` +
      `<a href="${e(url)}" style="display:inline-block;padding:12px 20px;${font}font-size:15px;font-weight:bold;color:${fg};text-decoration:none;">${e(button)}</a>` +
      `</td></tr></table><p style="${p}font-size:13px;color:#4b5563;">${e(url)}</p>`
    : ''
  const html =
    `<!DOCTYPE html><html lang="${e(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background-color:#f3f4f6;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;background-color:#f3f4f6;"><tr><td align="center" style="padding:24px 8px;">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;width:100%;max-width:600px;background-color:#ffffff;">` +
    `<tr><td style="background-color:${bg};color:${fg};padding:24px 32px;${font}font-size:16px;font-weight:bold;">${e(title)}</td></tr>` +
    `<tr><td style="padding:24px 32px;">` +
    `<p style="${p}">${e(greeting)}</p><p style="${p}">${e(intro)}</p>` +
    `<p style="${p}font-size:17px;font-weight:bold;margin-bottom:8px;">${e(a.offer)}</p>${table}` +
    (note ? `<p style="${p}">${e(note)}</p>` : '') +
    action +
    `<p style="${p}font-size:13px;color:#4b5563;">${e(why)}</p>` +
    `</td></tr></table></td></tr></table></body></html>`
  return { subject, text: text.join('\n'), html }
}
