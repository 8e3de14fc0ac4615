/**
 * CSV files for spreadsheets, as the staff's exports answer them: UTF-8 with a byte order mark
 * (so that Excel reads umlauts and accents right), comma-separated, RFC 4180 quoting, CRLF line
 * ends. A text cell that a spreadsheet would take for a formula (it starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) is prefixed with `'` (OWASP "CSV injection"); numbers that
 * the export produces itself are written as they are (`CsvNumber`), so `-12.50` stays a number.
 */

/** A number the export formatted itself (`1450.00`, `-3`): written as is, never neutralised. */
export class CsvNumber {
  readonly text: string
  constructor(text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`not a plain decimal: ${text}`)
    this.text = text
  }
}

export type CsvCell = string | number | CsvNumber | null | undefined

/** The byte order mark that tells spreadsheets the file is UTF-8. */
export const BOM = '\uFEFF'

const FORMULA_START = /^[=+\-@\t\r]/

/** One cell: a formula-looking text gets `'` in front; quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  if (value instanceof CsvNumber) return value.text
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return ''
    return String(value)
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One line of the file, CRLF included (a streamed export writes the BOM, then line by line). */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

/** The whole file: the BOM, then every row (the header first) ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return BOM + rows.map(csvLine).join('')
}

/** An amount in minor units as a plain decimal with the currency's digits (`145000`, 2 → `1450.00`). */
export function csvDecimal(minor: number, digits: number): CsvNumber {
  const negative = minor < 0
  const abs = Math.abs(Math.round(minor))
  if (digits <= 0) return new CsvNumber(`${negative ? '-' : ''}${abs}`)
  const unit = 10 ** digits
  return new CsvNumber(`${negative ? '-' : ''}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`)
}

/**
 * The answer of an export operation: `text/csv` (UTF-8), as an attachment named `filename`
 * (ASCII letters, digits, `.`, `_` and `-` only; anything else becomes `_`); the file whole or
 * streamed.
 */
export function csvResponse(filename: string, body: string | ReadableStream<Uint8Array>): Response {
  const safe = filename.replace(/[^A-Za-z0-9._-]/g, '_')
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="${safe}"`,
    },
  })
}
