/**
 * The payroll export of working time as a CSV file (issue 18, point 4): a summary row per member
 * or a row per line, the header and the words in the staff member's language (the mail
 * catalogue, strings marked `/*i18n*\/`), dates and times on the shop's clock, hours as plain
 * decimals with two digits next to the exact minutes.
 */
import type { Locale } from '~/lib/locale'
import { mailI18n } from '~/server/mail/i18n'
import { utcToZonedDate, utcToZonedTime } from '~/server/domain/offers/zoned-time'
import type { ApprovalState, PayrollMember } from '~/server/domain/working-time/payroll'
import { csvDecimal, toCsv, type CsvCell } from './csv'

const SUMMARY_HEADER = [
  /*i18n*/ 'Name',
  /*i18n*/ 'E-mail',
  /*i18n*/ 'Role',
  /*i18n*/ 'Month',
  /*i18n*/ 'Minutes on dates and private bookings',
  /*i18n*/ 'Minutes of other work',
  /*i18n*/ 'Minutes in total',
  /*i18n*/ 'Hours in total',
  /*i18n*/ 'Of which planned (minutes)',
  /*i18n*/ 'Approval',
  /*i18n*/ 'Approved by',
  /*i18n*/ 'Approved at',
]
const LINES_HEADER = [
  /*i18n*/ 'Name',
  /*i18n*/ 'E-mail',
  /*i18n*/ 'Date',
  /*i18n*/ 'Kind',
  /*i18n*/ 'Offer or note',
  /*i18n*/ 'From',
  /*i18n*/ 'To',
  /*i18n*/ 'Break (minutes)',
  /*i18n*/ 'Preparation (minutes)',
  /*i18n*/ 'Minutes',
  /*i18n*/ 'Hours',
  /*i18n*/ 'Planned',
]
const ROLES: Record<PayrollMember['role'], string> = { owner: /*i18n*/ 'Owner', manager: /*i18n*/ 'Manager', guide: /*i18n*/ 'Guide' }
const STATES: Record<ApprovalState, string> = {
  approved: /*i18n*/ 'approved',
  changed: /*i18n*/ 'changed since approval',
  not_approved: /*i18n*/ 'not approved',
}
const KINDS: Record<PayrollMember['lines'][number]['kind'], string> = { session: /*i18n*/ 'Guided date', booking: /*i18n*/ 'Private booking', entry: /*i18n*/ 'Other work' }
const YES = /*i18n*/ 'Yes'
const NO = /*i18n*/ 'No'
/** The file's name: `working-time-{month}.csv` in the staff member's language. */
const FILE_NAME = /*i18n*/ 'working-time'

/** Minutes as hours with two digits (`450` → `7.50`). */
export const hoursOf = (minutes: number) => csvDecimal(Math.round((minutes * 100) / 60), 2)

/** The export's file name (ASCII; the word in the staff member's language). */
export function workingTimeFileName(locale: Locale, month: string, layout: 'summary' | 'lines'): string {
  const word = mailI18n(locale)._(FILE_NAME).normalize('NFD').replace(/[^A-Za-z0-9-]/g, '')
  return `${word || 'working-time'}-${month}${layout === 'lines' ? '-lines' : ''}.csv`
}

/** The CSV text in `locale`: one row per member (`summary`) or per line (`lines`). */
export function workingTimeCsv(members: readonly PayrollMember[], month: string, layout: 'summary' | 'lines', locale: Locale, timeZone: string): string {
  const i18n = mailI18n(locale)
  const _ = (id: string) => i18n._(id)
  if (layout === 'summary') {
    const rows: CsvCell[][] = [SUMMARY_HEADER.map(_)]
    for (const m of members) {
      const at = m.approval.at
      rows.push([
        m.name,
        m.email,
        _(ROLES[m.role]),
        month,
        m.totals.sessionMinutes,
        m.totals.entryMinutes,
        m.totals.totalMinutes,
        hoursOf(m.totals.totalMinutes),
        m.totals.plannedMinutes,
        _(STATES[m.approval.state]),
        m.approval.by,
        at ? `${utcToZonedDate(at, timeZone)} ${utcToZonedTime(at, timeZone)}` : null,
      ])
    }
    return toCsv(rows)
  }
  const rows: CsvCell[][] = [LINES_HEADER.map(_)]
  for (const m of members) {
    for (const l of m.lines) {
      rows.push([
        m.name,
        m.email,
        l.date,
        _(KINDS[l.kind]),
        l.kind === 'entry' ? l.note : l.title,
        l.from,
        l.endDate === l.date ? l.to : `${l.endDate} ${l.to}`,
        l.breakMinutes,
        l.preparationMinutes,
        l.minutes,
        hoursOf(l.minutes),
        _(l.planned ? YES : NO),
      ])
    }
  }
  return toCsv(rows)
}
