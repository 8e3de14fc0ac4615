/**
 * The pure part of erasing a customer: placeholders, and how texts, e-mail payloads and history
 * entries lose the personal data they hold. No I/O (unit-tested in scrub.test.ts).
 */
import type { ChangeLogEntry } from '~/server/db/schema'

/** The name put in place of an erased person's first name and surname (the staff app shows "erased"). */
export const ERASED_NAME = '—'

/** The placeholder e-mail of an erased customer: unique per customer (the e-mail is unique per shop), never deliverable (RFC 2606 `.invalid`). */
export const erasedEmail = (customerId: string) => `erased-${customerId}@invalid`

/** A phone number as its digits, for matching typed forms (`079 900 00 00`) against stored ones. */
const digitsOf = (value: string) => value.replace(/\D/g, '')

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Strikes personal strings (names, e-mails, phone numbers, a company) out of free texts: each
 * occurrence as a whole word, in any case, becomes `—`. Strings shorter than two characters are
 * ignored (an initial would strike half the text).
 */
export class Redactor {
  private readonly pattern: RegExp | null
  private readonly emails: Set<string>
  private readonly phones: Set<string>

  constructor(values: Array<string | null | undefined>, emails: Array<string | null | undefined> = [], phones: Array<string | null | undefined> = []) {
    this.emails = new Set(emails.filter((e): e is string => !!e?.trim()).map((e) => e.trim().toLowerCase()))
    this.phones = new Set(phones.map((p) => digitsOf(p ?? '')).filter((p) => p.length >= 6))
    const words = [...new Set([...values, ...emails, ...phones].map((v) => (v ?? '').trim()).filter((v) => v.length >= 2 && v !== ERASED_NAME))]
    words.sort((a, b) => b.length - a.length)
    this.pattern = words.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu') : null
  }

  /** Whether a value is one of the person's e-mail addresses. */
  isEmail(value: string) {
    return this.emails.has(value.trim().toLowerCase())
  }

  /** A text with the personal strings struck out (phone numbers also when typed with other spacing). */
  text(value: string): string {
    let out = this.pattern ? value.replace(this.pattern, ERASED_NAME) : value
    if (this.phones.size) {
      out = out.replace(/\+?\d[\d\s/().-]{4,}\d/g, (match) => {
        const digits = digitsOf(match)
        const national = digits.replace(/^0+/, '')
        // At least 7 digits: amounts and dates ("100 000", "2026-03-10") are no phone number.
        if (national.length < 7) return match
        for (const phone of this.phones) if (phone.endsWith(national) || digits.endsWith(phone)) return ERASED_NAME
        return match
      })
    }
    return out
  }
}

/** Keys of an e-mail payload whose values carry no personal data (kinds, codes, dates, amounts, titles). */
const SAFE_KEYS = new Set([
  'kind',
  'locale',
  'code',
  'status',
  'mode',
  'currency',
  'amount',
  'start',
  'end',
  'startTime',
  'createdAt',
  'expiresAt',
  'paymentDeadline',
  'paymentLinkExpiresAt',
  'paymentMethod',
  'paymentState',
  'reason',
  'offer',
  'offerTitle',
  'skuTitle',
  'extras',
  'quantity',
  'total',
  'openAmount',
  // A staff member's notice: their own name, the page's path, the variant's title.
  'name',
  'path',
  'variant',
])
/** Links into the booking (payment, manage): of no use once the person is gone. */
const LINK_KEYS = new Set(['paymentUrl', 'manageUrl', 'url', 'link'])
const RECIPIENT_KEYS = new Set(['to', 'email', 'recipient', 'replyTo'])

export const erasedPerson = (email: string) => ({ firstname: ERASED_NAME, surname: ERASED_NAME, email, phone: '' })
/** An erased booking's address: only the country stays (for reporting; it names nobody). */
export const erasedAddress = (address: { country?: string } | null | undefined) => ({
  street: '',
  streetNumber: '',
  postalCode: '',
  city: '',
  country: typeof address?.country === 'string' ? address.country : '',
})
export const erasedParticipant = <P extends { firstname: string; surname: string }>(p: P): P => ({ ...p, firstname: ERASED_NAME, surname: ERASED_NAME })

/**
 * An outbox payload without the person: recipients that are theirs become the placeholder,
 * person/address/participants are replaced, the visitor's message removed, links dropped, and
 * any other text has the personal strings struck out. Kinds, codes, dates, amounts and titles
 * stay. A recipient who is not the person (a staff member notified) stays.
 */
export function scrubPayload(payload: Record<string, unknown>, redactor: Redactor, placeholder: string): Record<string, unknown> {
  return scrubValue(payload, redactor, placeholder, '') as Record<string, unknown>
}

function scrubValue(value: unknown, redactor: Redactor, placeholder: string, key: string): unknown {
  if (value === null || value === undefined) return value
  if (typeof value === 'string') {
    if (RECIPIENT_KEYS.has(key)) return redactor.isEmail(value) ? placeholder : value
    if (SAFE_KEYS.has(key)) return value
    return redactor.text(value)
  }
  if (typeof value !== 'object') return value
  if (Array.isArray(value)) {
    if (key === 'participants') return value.map((p) => (p && typeof p === 'object' ? scrubValue(erasedParticipant(p as { firstname: string; surname: string }), redactor, placeholder, '') : p))
    return value.map((v) => scrubValue(v, redactor, placeholder, ''))
  }
  if (key === 'person') return erasedPerson(placeholder)
  if (key === 'address') return erasedAddress(value as { country?: string })
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (LINK_KEYS.has(k)) continue
    if (k === 'message') {
      out[k] = null
      continue
    }
    if (k === 'company' && typeof v === 'string') {
      out[k] = ERASED_NAME
      continue
    }
    out[k] = scrubValue(v, redactor, placeholder, k)
  }
  return out
}

/** Fields of a history entry that hold personal data by their name. */
const PERSONAL_FIELD = /(^|\.)(person|participants?|address|company|email|phone|note|message|reply|firstname|surname|name|street|streetNumber|postalCode|city)(\.|$|\[)/i

/**
 * A history entry without personal values: the field name stays (what changed, and when, is
 * kept), its values go when the field is personal or a value holds a personal string.
 */
export function scrubChange(entry: ChangeLogEntry, redactor: Redactor): ChangeLogEntry {
  const personal =
    PERSONAL_FIELD.test(entry.field) ||
    [entry.before, entry.after].some((v) => v !== undefined && v !== null && (typeof v === 'object' || (typeof v === 'string' && redactor.text(v) !== v)))
  if (!personal) return entry
  return { field: entry.field }
}
