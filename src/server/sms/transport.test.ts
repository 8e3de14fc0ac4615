import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createFileSmsTransport, smsFileNumber } from './transport'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sms-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

it('writes a text message as {timestamp}-sms-{number}.txt with the recipient and the body', async () => {
  const at = new Date('2026-11-23T21:30:00.123Z')
  const transport = createFileSmsTransport(dir, () => at)
  const { id } = await transport.send({ to: '+41791234567', body: 'Your code: 123456' })
  expect(id).toBe('2026-11-23T21-30-00-123Z-sms-41791234567.txt')
  expect(await readFile(join(dir, id), 'utf8')).toBe('To: +41791234567\n\nYour code: 123456\n')
})

it('never overwrites: a second message in the same millisecond gets its own file', async () => {
  const transport = createFileSmsTransport(dir, () => new Date('2026-11-23T21:30:00.000Z'))
  const first = await transport.send({ to: '+41791234567', body: 'one' })
  const second = await transport.send({ to: '+41791234567', body: 'two' })
  expect(first.id).not.toBe(second.id)
  expect(second.id).toMatch(/-sms-41791234567-2\.txt$/)
  expect((await readdir(dir)).sort()).toEqual([first.id, second.id].sort())
  expect(await readFile(join(dir, second.id), 'utf8')).toContain('two')
})

it('keeps only digits of the number in the file name (no path tricks)', () => {
  expect(smsFileNumber('+41 79/../123')).toBe('4179123')
  expect(smsFileNumber('../')).toBe('unknown')
})
