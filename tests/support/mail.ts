/**
 * Test support for the mail module: fixtures, a real local SMTP server and a minimal MIME
 * reader for what it receives. Used by the tests of src/server/mail/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import type { components } from '~/api/schema.gen'
import type { ShopForMail } from '~/server/mail/outbox'

type Booking = components['schemas']['Booking']

export const PRIMARY = { background: [14, 116, 144], foreground: [250, 250, 240] }

export function bookingFixture(overrides: Partial<Booking> = {}): Booking {
  return {
    code: 'K7Q2-X9PM',
    status: 'CONFIRMED',
    mode: 'order',
    total: { amount: 24500, currency: 'CHF' },
    openAmount: { amount: 12000, currency: 'CHF' },
    paymentMethod: 'PAY_ON_SITE',
    paymentState: 'not_payable',
    payments: [],
    email: 'anna@example.ch',
    createdAt: '2025-06-01T08:00:00.000Z',
    items: [
      {
        offer: 'canyoning',
        offerTitle: 'Canyoning im Saxetbach',
        skuTitle: 'Erwachsene',
        meetingPoint: 'Bahnhof Wilderswil, 3812 Wilderswil',
        start: '2025-06-14T07:00:00.000Z', // 09:00 in Zurich (CEST)
        end: '2025-06-14T10:00:00.000Z',
        startTime: '09:00',
        quantity: 2,
        participants: [
          { firstname: 'Anna', surname: 'Muster', extras: [] },
          { firstname: 'Beat', surname: 'Keller', extras: [] },
        ],
        unitPrice: { amount: 12000, currency: 'CHF' },
        variantTotal: { amount: 24000, currency: 'CHF' },
        extras: [],
        total: { amount: 24000, currency: 'CHF' },
      },
      {
        offer: 'fondue',
        offerTitle: 'Fondue-Abend',
        skuTitle: 'Gruppe',
        start: '2025-12-05T17:30:00.000Z', // 18:30 in Zurich (CET)
        end: '2025-12-05T20:00:00.000Z',
        startTime: '18:30',
        quantity: 1,
        participants: [{ firstname: 'Anna', surname: 'Muster', extras: [] }],
        unitPrice: { amount: 500, currency: 'CHF' },
        variantTotal: { amount: 500, currency: 'CHF' },
        extras: [],
        total: { amount: 500, currency: 'CHF' },
      },
    ],
    ...overrides,
  }
}

export function shopFixture(overrides: Partial<ShopForMail> = {}): ShopForMail {
  return {
    id: 'alpin',
    title: { de: 'Alpin Abenteuer', en: 'Alpine Adventures', fr: 'Aventures alpines' },
    timeZone: 'Europe/Zurich',
    colorPalette: { primary: PRIMARY },
    contact: {
      name: 'Alpin Abenteuer GmbH',
      email: 'info@alpin-abenteuer.ch',
      phone: '+41 33 123 45 67',
      website: 'https://www.alpin-abenteuer.ch',
      openingHours: { de: 'Täglich 8.00–18.00 Uhr', en: 'Daily 8:00–18:00', fr: 'Tous les jours 8 h – 18 h' },
      address: { street: 'Höheweg', streetNumber: '7', postalCode: '3800', city: 'Interlaken', country: 'CH' },
    },
    ...overrides,
  }
}

// ---- a real SMTP server ----------------------------------------------------------------------

export type ReceivedMail = { raw: string; from: string; to: string[] }

export type LocalSmtp = {
  port: number
  url: string
  messages: ReceivedMail[]
  waitFor(count: number, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

/** An smtp-server on 127.0.0.1 with an ephemeral port that keeps every message it receives. */
export async function startSmtpServer(): Promise<LocalSmtp> {
  const messages: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const envelope = session.envelope
        messages.push({
          raw: Buffer.concat(chunks).toString('utf8'),
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    async waitFor(count, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} messages, got ${messages.length}`)
        await new Promise((r) => setTimeout(r, 10))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// ---- a minimal MIME reader ---------------------------------------------------------------------

export type MimePart = { headers: Record<string, string>; body: string; parts: MimePart[] }

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const input = text.replace(/=\n/g, '')
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(input.slice(i + 1, i + 3))) {
      bytes.push(parseInt(input.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(c, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** Decodes RFC 2047 encoded words (adjacent words joined before UTF-8 decoding). */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/(?:=\?([^?]+)\?([QqBb])\?([^?]*)\?=)+/g, (run) => {
      const buffers: Buffer[] = []
      for (const m of run.matchAll(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g)) {
        const [, , encoding, data = ''] = m
        if (encoding!.toUpperCase() === 'B') buffers.push(Buffer.from(data, 'base64'))
        else
          buffers.push(
            Buffer.from(
              data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            ),
          )
      }
      return Buffer.concat(buffers).toString('utf8')
    })
}

export function parseMime(raw: string): MimePart {
  const text = raw.replace(/\r\n/g, '\n')
  const split = text.indexOf('\n\n')
  const head = split === -1 ? text : text.slice(0, split)
  const bodyRaw = split === -1 ? '' : text.slice(split + 2)
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const type = headers['content-type'] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const segments = bodyRaw.split(`--${boundary}`)
    const parts = segments
      .slice(1)
      .filter((s) => !s.startsWith('--'))
      .map((s) => parseMime(s.replace(/^\n/, '')))
    return { headers, body: '', parts }
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  const body =
    encoding === 'base64'
      ? Buffer.from(bodyRaw.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(bodyRaw)
        : bodyRaw
  return { headers, body, parts: [] }
}

/** All leaf parts of a message. */
export function leafParts(part: MimePart): MimePart[] {
  return part.parts.length ? part.parts.flatMap(leafParts) : [part]
}

export function readMail(raw: string) {
  const root = parseMime(raw)
  const leaves = leafParts(root)
  const find = (type: string) => leaves.find((p) => (p.headers['content-type'] ?? '').toLowerCase().startsWith(type))
  return {
    subject: decodeHeader(root.headers['subject'] ?? ''),
    headers: root.headers,
    text: find('text/plain')?.body ?? '',
    html: find('text/html')?.body ?? '',
    calendar: find('text/calendar'),
    leaves,
  }
}

/**
 * The newest `.eml` file in `dir` (the file transport's folder) that mentions `to` (and whose
 * subject contains `subject`, when given: a booking gets several e-mails — a cancellation, then
 * its refund), decoded; undefined while there is none.
 */
export function newestMailTo(dir: string, to: string, subject?: string): ReturnType<typeof readMail> | undefined {
  if (!existsSync(dir)) return undefined
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
  for (const file of files) {
    const raw = readFileSync(file, 'utf8')
    if (!raw.includes(to)) continue
    const mail = readMail(raw)
    if (subject === undefined || mail.subject.includes(subject)) return mail
  }
  return undefined
}
