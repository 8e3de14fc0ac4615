/**
 * CSV for spreadsheets (Excel, LibreOffice, Numbers) in any language: UTF-8 with a byte order
 * mark (so that Excel reads umlauts and accents right), comma-separated, RFC 4180 quoting, CRLF
 * line ends. A text cell that a spreadsheet would run as a formula (starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) gets a leading `'` (OWASP's advice on CSV injection); numbers
 * written by us are left as they are, so that spreadsheets compute with them.
 */

/** The byte order mark that starts the file. */
export const CSV_BOM = '\uFEFF'
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'

/** A cell: a text (neutralised and quoted as needed), a number, nothing, or a decimal we wrote (`{ decimal: '123.50' }`). */
export type CsvCell = string | number | null | undefined | { decimal: string }

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** One cell as written in the file. */
export function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return ''
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : ''
  if (typeof cell === 'object') {
    if (!/^-?\d+(\.\d+)?$/.test(cell.decimal)) throw new Error(`not a decimal: ${cell.decimal}`)
    return cell.decimal
  }
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One line of the file, CRLF included. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

/** An amount in minor units as a plain decimal (`12350` CHF → `123.50`; no grouping, a point). */
export function csvDecimal(amount: number, digits: number): { decimal: string } {
  const negative = amount < 0
  const minor = Math.abs(Math.round(amount))
    .toString()
    .padStart(digits + 1, '0')
  const whole = digits ? minor.slice(0, -digits) : minor
  const fraction = digits ? `.${minor.slice(-digits)}` : ''
  return { decimal: `${negative ? '-' : ''}${whole}${fraction}` }
}

/** `Content-Disposition` of a download (an ASCII file name). */
export function attachment(filename: string): string {
  return `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`
}
