/**
 * Mail transports: SMTP (nodemailer) when an SMTP URL is configured, else `.eml` files in a
 * directory (development, tests, demo installations without a mail server).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'

export type MailAttachment = { filename: string; content: string; contentType: string }

export type MailMessage = {
  from: string
  to: string
  subject: string
  text: string
  html: string
  attachments?: MailAttachment[]
}

export type MailTransport = { send(message: MailMessage): Promise<{ id: string }> }

export type TransportOptions = {
  /** e.g. `smtp://user:pass@mail.example.com:587` or `smtp://127.0.0.1:2525?ignoreTLS=true`. */
  smtpUrl?: string
  /** Where the file transport writes its `.eml` files. */
  mailDir: string
}

function toNodemailer(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments?.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
    })),
  }
}

/** A file-name-safe ASCII slug of a subject (diacritics dropped, at most 60 characters). */
export function subjectSlug(subject: string): string {
  const slug = subject
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return slug || 'mail'
}

/** 2025-06-14T09-30-00-123Z: sorts by time, no characters that file systems dislike. */
export function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-')
}

/** Writes `{base}.{ext}` in `dir` (or `{base}-2.{ext}`, … when taken, never overwriting); returns the file name. */
export async function writeNewFile(dir: string, base: string, ext: string, content: string | Buffer): Promise<string> {
  await mkdir(dir, { recursive: true })
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${base}.${ext}` : `${base}-${n}.${ext}`
    try {
      await writeFile(join(dir, name), content, { flag: 'wx' })
      return name
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 1000) throw error
    }
  }
}

export function createTransport(options: TransportOptions): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(message) {
        const info = await transporter.sendMail(toNodemailer(message))
        return { id: String(info.messageId ?? '') }
      },
    }
  }

  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await transporter.sendMail(toNodemailer(message))
      const raw = info.message
      if (!Buffer.isBuffer(raw)) throw new Error('stream transport did not buffer the message')
      const id = await writeNewFile(options.mailDir, `${fileTimestamp(new Date())}-${subjectSlug(message.subject)}`, 'eml', raw)
      return { id }
    },
  }
}
