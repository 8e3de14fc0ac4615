/**
 * Text messages (confirmation codes to a new phone number). The default transport writes each
 * message as `DATA_DIR/mail/{timestamp}-sms-{to}.txt`, next to the `.eml` files of the mail
 * file transport; a real SMS provider implements the same interface later (ADR 025).
 */
import { fileTimestamp, writeNewFile } from '~/server/mail/transport'

export type SmsMessage = {
  /** E.164, e.g. `+41791234567`. */
  to: string
  body: string
}

export type SmsTransport = { send(message: SmsMessage): Promise<{ id: string }> }

/** The number as a file-name part (`+41791234567` → `41791234567`). */
export const smsFileNumber = (to: string) => to.replace(/[^0-9]/g, '') || 'unknown'

/** Writes each message as a `.txt` file in `dir` (never overwriting one). */
export function createFileSmsTransport(dir: string, now: () => Date = () => new Date()): SmsTransport {
  return {
    async send(message) {
      const content = `To: ${message.to}\n\n${message.body}\n`
      const id = await writeNewFile(dir, `${fileTimestamp(now())}-sms-${smsFileNumber(message.to)}`, 'txt', content)
      return { id }
    },
  }
}
