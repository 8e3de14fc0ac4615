/**
 * The payments export of the finance view as a CSV file: the header row and the words in the
 * cells in the staff member's language (the mail catalogue, `src/locales/{locale}/mail.po`,
 * strings marked `/*i18n*\/`), dates and times in the shop's time zone, amounts as plain
 * decimals with the currency in a column of its own.
 */
import type { Locale } from '~/lib/locale'
import { minorUnitDigits } from '~/lib/money'
import { mailI18n } from '~/server/mail/i18n'
import type { FinancePayment } from '~/server/domain/finance/payments'
import { utcToZonedDate, utcToZonedTime } from '~/server/domain/offers/zoned-time'
import { csvDecimal, toCsv, type CsvCell } from './csv'

const HEADER = [
  /*i18n*/ 'Date and time',
  /*i18n*/ 'Booking code',
  /*i18n*/ 'Name',
  /*i18n*/ 'Provider',
  /*i18n*/ 'Method',
  /*i18n*/ 'Source',
  /*i18n*/ 'Status',
  /*i18n*/ 'Amount',
  /*i18n*/ 'Currency',
  /*i18n*/ 'Refund due',
  /*i18n*/ 'Provider reference',
  /*i18n*/ 'Recorded by',
  /*i18n*/ 'Note',
]

const PROVIDERS: Record<string, string> = {
  sandbox: /*i18n*/ 'Sandbox (test payments)',
  on_site: /*i18n*/ 'On site',
}
const METHODS: Record<string, string> = {
  cash: /*i18n*/ 'Cash',
  card: /*i18n*/ 'Card',
  transfer: /*i18n*/ 'Bank transfer',
  other: /*i18n*/ 'Other',
}
const SOURCES: Record<FinancePayment['source'], string> = {
  checkout: /*i18n*/ 'Checkout',
  link: /*i18n*/ 'Payment link',
  staff: /*i18n*/ 'Recorded by staff',
}
const STATUSES: Record<FinancePayment['status'], string> = {
  pending: /*i18n*/ 'Pending',
  succeeded: /*i18n*/ 'Succeeded',
  failed: /*i18n*/ 'Failed',
  cancelled: /*i18n*/ 'Abandoned',
}
const YES = /*i18n*/ 'Yes'
const NO = /*i18n*/ 'No'
/** The file's name: `payments-{from}_{to}.csv` in the staff member's language. */
const FILE_NAME = /*i18n*/ 'payments'

/** The export's file name for a range of days (ASCII; the word in the staff member's language). */
export function paymentsFileName(locale: Locale, range: { from: string; to: string }): string {
  const word = mailI18n(locale)._(FILE_NAME).normalize('NFD').replace(/[^A-Za-z0-9-]/g, '')
  return `${word || 'payments'}-${range.from}_${range.to}.csv`
}

/** The CSV text (BOM, header row, one row per payment, CRLF) in `locale`; times in `timeZone`. */
export function paymentsCsv(rows: readonly FinancePayment[], locale: Locale, timeZone: string): string {
  const i18n = mailI18n(locale)
  const _ = (id: string) => i18n._(id)
  const word = (map: Record<string, string>, value: string | null) => (value === null ? '' : map[value] ? _(map[value]!) : value)
  const lines: CsvCell[][] = [HEADER.map(_)]
  for (const p of rows) {
    const at = new Date(p.createdAt)
    lines.push([
      `${utcToZonedDate(at, timeZone)} ${utcToZonedTime(at, timeZone)}`,
      p.booking.code,
      p.booking.name,
      word(PROVIDERS, p.provider),
      word(METHODS, p.method),
      word(SOURCES, p.source),
      word(STATUSES, p.status),
      csvDecimal(p.amount.amount, minorUnitDigits(p.amount.currency)),
      p.amount.currency,
      _(p.refundDue ? YES : NO),
      p.providerRef,
      p.recordedBy?.name,
      p.note,
    ])
  }
  return toCsv(lines)
}
