import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTransport, subjectSlug } from './transport'
import { readMail, startSmtpServer, type LocalSmtp } from '../../../tests/support/mail'

const message = {
  from: '"Alpin Abenteuer" <noreply@shop.example>',
  to: 'anna@example.ch',
  subject: 'Hello from the test K7Q2-X9PM',
  text: 'Plain text body',
  html: '<p>HTML body</p>',
  attachments: [{ filename: 'booking.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar' }],
}

describe('file transport (no SMTP URL)', () => {
  let dir: string
  beforeAll(async () => {
    dir = join(await mkdtemp(join(tmpdir(), 'mail-test-')), 'nested', 'mails')
  })
  afterAll(async () => {
    await rm(join(dir, '..', '..'), { recursive: true, force: true })
  })

  it('writes the raw message to an .eml file named after the subject', async () => {
    const transport = createTransport({ mailDir: dir })
    const { id } = await transport.send(message)
    expect(id).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-hello-from-the-test-k7q2-x9pm\.eml$/)
    const raw = await readFile(join(dir, id), 'utf8')
    expect(raw).toContain('Subject: Hello from the test K7Q2-X9PM')
    expect(raw).not.toContain('\r\n') // newline: 'unix'
    const mail = readMail(raw)
    expect(mail.text).toContain('Plain text body')
    expect(mail.html).toContain('<p>HTML body</p>')
    expect(mail.calendar?.body).toContain('BEGIN:VCALENDAR')
  })

  it('never overwrites a file of the same subject and time', async () => {
    const transport = createTransport({ mailDir: dir })
    const ids = await Promise.all(Array.from({ length: 5 }, () => transport.send({ ...message, subject: 'Same' })))
    expect(new Set(ids.map((r) => r.id)).size).toBe(5)
    const files = await readdir(dir)
    for (const { id } of ids) expect(files).toContain(id)
  })

  it('slugs subjects safely', () => {
    expect(subjectSlug('Buchungsbestätigung K7Q2 – Café Zürich')).toBe('buchungsbestatigung-k7q2-cafe-zurich')
    expect(subjectSlug('../../etc/passwd')).toBe('etc-passwd')
    expect(subjectSlug('!!!')).toBe('mail')
    expect(subjectSlug('x'.repeat(200)).length).toBe(60)
  })
})

describe('SMTP transport', () => {
  let smtp: LocalSmtp
  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  afterAll(async () => {
    await smtp?.close()
  })

  it('delivers to a real SMTP server', async () => {
    const transport = createTransport({ smtpUrl: smtp.url, mailDir: '/nonexistent' })
    const { id } = await transport.send({ ...message, subject: 'Grüezi – Buchung K7Q2-X9PM' })
    expect(id).toMatch(/^<.+@.+>$/)
    await smtp.waitFor(1)
    const received = smtp.messages[0]!
    expect(received.from).toBe('noreply@shop.example')
    expect(received.to).toEqual(['anna@example.ch'])
    const mail = readMail(received.raw)
    expect(mail.subject).toBe('Grüezi – Buchung K7Q2-X9PM')
    expect(mail.headers['message-id']).toBe(id)
    expect(mail.calendar?.headers['content-type']).toMatch(/^text\/calendar/)
  })

  it('rejects when the server cannot be reached', async () => {
    const transport = createTransport({ smtpUrl: 'smtp://127.0.0.1:1?connectionTimeout=2000', mailDir: '/nonexistent' })
    await expect(transport.send(message)).rejects.toThrow()
  })
})
