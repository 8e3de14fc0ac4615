import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { E2E_DATA } from './staff-helpers'

/** The e2e server's outgoing e-mails, one .eml file each (MAIL_DIR under its data directory). */
const MAIL_DIR = join(E2E_DATA, 'mail')

/** The text of an .eml file: quoted-printable and soft line breaks undone (UTF-8). */
export function decodeMail(raw: string): string {
  if (!/quoted-printable/i.test(raw)) return raw
  const joined = raw.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : ''
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** The decoded text of the first e-mail to `address` that passes `also` (undefined while there is none: poll it). */
export function mailTo(address: string, also: (raw: string) => boolean = () => true): string | undefined {
  if (!existsSync(MAIL_DIR)) return undefined
  const to = new RegExp(`^To: .*${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im')
  const raw = readdirSync(MAIL_DIR)
    .map((f) => readFileSync(join(MAIL_DIR, f), 'utf8'))
    .find((m) => to.test(m) && also(m))
  return raw === undefined ? undefined : decodeMail(raw)
}
