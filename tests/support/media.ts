/**
 * Files for the upload suites (tests/contract/admin-media*.contract.test.ts): real images made
 * with sharp, carrying what an upload must lose (EXIF with GPS, an orientation, XMP, an ICC
 * profile, a comment), crafted headers of image bombs, hostile files, and an upload call.
 */
import { randomUUID } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { staffCookieName } from '../../src/server/http/staff-cookie'
import type { TestApp } from './app'
import { xsrfHeaders } from './visitor-calls'

export type ImageFormat = 'jpeg' | 'png' | 'webp'

const EXIF = { IFD0: { Artist: 'Private Owner', ImageDescription: 'Home address' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 41/1 0/1' } }
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Private Owner</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>'

/** A 400 × 300 image stored sideways (EXIF orientation 6: shown 300 × 400), with EXIF (GPS), XMP and an ICC profile. */
export function imageWithMetadata(format: ImageFormat): Promise<Buffer> {
  const image = sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a6f97' } })
  return image[format]()
    .withMetadata({ orientation: 6 })
    .withExif(EXIF)
    .withXmp(XMP)
    .toBuffer()
}

/** Whether an EXIF block holds the GPS directory (tag 0x8825, either byte order). */
export const hasGpsTag = (exif: Buffer | undefined) => !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])))

/** A PNG, mostly transparent, with a half-transparent red square in its middle. */
export function transparentPng(): Promise<Buffer> {
  const square = { input: { create: { width: 32, height: 32, channels: 4 as const, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } }, left: 16, top: 16 }
  return sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([square])
    .png()
    .toBuffer()
}

/** A JPEG of random pixels: hundreds of KiB, more than the API's JSON bound. */
export function noiseJpeg(side = 700): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.random() * 256) | 0
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 95 }).toBuffer()
}

/** A JPEG with a comment segment (COM) after its start marker. */
export function withJpegComment(jpeg: Buffer, comment: Buffer): Buffer {
  const length = Buffer.alloc(2)
  length.writeUInt16BE(comment.length + 2)
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, comment, jpeg.subarray(2)])
}

/** A PNG of a few dozen bytes whose header claims `width` × `height` pixels (an image bomb). */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(1024))), chunk('IEND', Buffer.alloc(0))])
}

/** An SVG that would run a script if it were ever served as SVG. */
export const SCRIPTED_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(document.cookie)</script><rect width="64" height="64"/></svg>'

export type UploadOptions = { type?: string; session?: string; xsrf?: boolean; key?: string; origin: string }

/** `POST /api/admin/v1/media` with a raw body, the anti-forgery pair (unless `xsrf: false`) and a fresh key. */
export async function uploadCall(app: TestApp, body: BodyInit | undefined, options: UploadOptions) {
  const pair = await xsrfHeaders(app, options.origin)
  const cookies = [...(options.xsrf === false ? [] : [pair.cookie!]), ...(options.session ? [`${staffCookieName(false)}=${options.session}`] : [])]
  const started = performance.now()
  const response = await app.call(`${options.origin}/api/admin/v1/media`, {
    method: 'POST',
    headers: {
      ...(cookies.length ? { cookie: cookies.join('; ') } : {}),
      ...(options.xsrf === false ? {} : { 'x-xsrf-token': pair['x-xsrf-token']! }),
      'idempotency-key': options.key ?? randomUUID(),
      'x-flowin-locale': 'en',
      ...(options.type ? { 'content-type': options.type } : {}),
    },
    body,
  })
  const text = await response.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked against the contract by app.call
  return { status: response.status, body: text ? (JSON.parse(text) as any) : undefined, headers: response.headers, ms: performance.now() - started }
}
