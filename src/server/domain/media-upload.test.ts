import { describe, expect, it } from 'vitest'
import { MediaBusy } from './media'
import { createUploadGate, sniffImageType } from './media-upload'

describe('upload gate', () => {
  it('decodes at most `concurrency` uploads at once, lets `maxQueue` wait and refuses the next at once', async () => {
    const gate = createUploadGate(2, 3)
    let running = 0
    let peak = 0
    const releases: (() => void)[] = []
    const work = () =>
      gate(async () => {
        peak = Math.max(peak, ++running)
        await new Promise<void>((resolve) => releases.push(resolve))
        running--
      })
    const admitted = Array.from({ length: 5 }, work)
    await expect(work()).rejects.toBeInstanceOf(MediaBusy)
    while (releases.length) {
      releases.shift()!()
      await new Promise((r) => setTimeout(r, 1))
    }
    await Promise.all(admitted)
    expect(peak).toBe(2)
  })
})

describe('sniffImageType', () => {
  it('names JPEG, PNG and WebP by their signature and nothing else', () => {
    const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p)] : p)))
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(sniffImageType(bytes([0x89], 'PNG\r\n\x1a\n'))).toBe('image/png')
    expect(sniffImageType(bytes('RIFF', [1, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp')
    for (const other of [bytes('GIF89a'), bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), bytes('%PDF-1.7'), bytes('RIFF', [1, 0, 0, 0], 'WAVEfmt '), bytes([0xff, 0xd8]), bytes()]) {
      expect(sniffImageType(other)).toBeNull()
    }
  })
})
