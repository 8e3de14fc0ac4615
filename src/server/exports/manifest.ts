/**
 * The manifest of a session as CSV, in the staff member's language (texts through the mail
 * catalogue, marked `/*i18n*\/`): one row per participant, amounts as plain decimals.
 */
import type { Locale } from '~/lib/locale'
import { minorUnitDigits } from '~/lib/money'
import type { SessionManifest, ManifestRow } from '~/server/domain/bookings-admin/manifest'
import { mailI18n } from '~/server/mail/i18n'
import { csvDecimal, toCsv, type CsvCell } from './csv'

const PAYMENT_STATES: Record<NonNullable<ManifestRow['paymentState']>, string> = {
  paid: /*i18n*/ 'Paid in full',
  partially_paid: /*i18n*/ 'Partly paid',
  unpaid: /*i18n*/ 'Unpaid',
  refund_due: /*i18n*/ 'Refund due',
  refunded: /*i18n*/ 'Refunded',
  none: /*i18n*/ 'Nothing paid',
}

/** The CSV text of a manifest; the money columns only when the manifest has them. */
export function manifestCsv(manifest: SessionManifest, locale: Locale): string {
  const i18n = mailI18n(locale)
  const _ = (id: string, values?: Record<string, string>) => i18n._(id, values)
  const withMoney = manifest.openTotal !== undefined
  const digits = minorUnitDigits(manifest.currency)
  const header: CsvCell[] = [
    _(/*i18n*/ 'Date'),
    _(/*i18n*/ 'Time'),
    _(/*i18n*/ 'Offer'),
    _(/*i18n*/ 'Booking code'),
    _(/*i18n*/ 'No.'),
    _(/*i18n*/ 'First name'),
    _(/*i18n*/ 'Surname'),
    _(/*i18n*/ 'Variant'),
    _(/*i18n*/ 'Extras'),
    _(/*i18n*/ 'Booked by'),
    _(/*i18n*/ 'Company'),
    _(/*i18n*/ 'Phone'),
    ...(withMoney ? [_(/*i18n*/ 'Payment'), _(/*i18n*/ 'Open amount ({currency})', { currency: manifest.currency })] : []),
  ]
  const rows = manifest.rows.map((row): CsvCell[] => [
    manifest.session.date,
    manifest.session.time,
    manifest.offerTitle,
    row.bookingCode,
    row.position,
    row.firstname,
    row.surname,
    row.skuTitle ?? '',
    row.extras.join(', '),
    `${row.booker.firstname} ${row.booker.surname}`.trim(),
    row.booker.company ?? '',
    row.booker.phone,
    ...(withMoney ? [row.paymentState ? _(PAYMENT_STATES[row.paymentState]) : '', row.open !== undefined ? csvDecimal(row.open, digits) : ''] : []),
  ])
  return toCsv([header, ...rows])
}

/** The file name: `manifest-<offer>-<date>-<time>.csv`. */
export const manifestFilename = (offerSlug: string, manifest: SessionManifest) =>
  `manifest-${offerSlug}-${manifest.session.date}-${manifest.session.time.replace(':', '')}.csv`
