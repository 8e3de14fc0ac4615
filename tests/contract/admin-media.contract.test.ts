/**
 * Image uploads of the staff (`uploadMedia`, openapi/admin.yaml): what is stored is the image's
 * pixels only, upright, in its own format; it is served by the media endpoint on its shop's host
 * and nowhere else; whatever is not a JPEG, PNG or WebP image is refused with a field error and
 * stores nothing. Bounds, image bombs and access: admin-media-limits.contract.test.ts.
 */
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { media } from '../../src/server/db/schema'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { hasGpsTag, imageWithMetadata, SCRIPTED_SVG, transparentPng, uploadCall, withJpegComment, type ImageFormat } from '../support/media'
import { insertStaff, staffCalls } from '../support/staff'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const ATELIER = `http://atelier.${HOSTED_DOMAIN}`

describeEachDatabase('image uploads of the staff (openapi/admin.yaml uploadMedia)', (factory) => {
  let app: TestApp
  let manager: string

  beforeAll(async () => {
    app = await createTestApp(factory)
    await insertStaff(app, [{ shopId: 'alpin', email: 'marco@alpin.example', name: 'Marco Rossi', role: 'manager' }])
    manager = await (await staffCalls(app, ALPIN)).signIn('marco@alpin.example')
  })
  afterAll(() => app?.close())

  const upload = (body: BodyInit | undefined, type?: string, key?: string) => uploadCall(app, body, { origin: ALPIN, session: manager, type, key })
  const stored = async (id: string) => (await app.database.db.select().from(media).where(eq(media.id, id)))[0]
  const mediaCount = async () => (await app.database.db.select({ id: media.id }).from(media)).length
  const fetchImage = (origin: string, id: string, width: number) => app.call(`${origin}/api/media/v1/media/${id}.jpg?width=${width}`)

  it.each(['jpeg', 'png', 'webp'] as const)('stores a %s as pixels only: upright, no EXIF (GPS), XMP or ICC, in its own format', async (format: ImageFormat) => {
    const original = await imageWithMetadata(format)
    const before = await sharp(original).metadata()
    expect([before.orientation, hasGpsTag(before.exif), !!before.xmp, !!before.icc]).toEqual([6, true, true, true]) // what must go is there

    const answer = await upload(new Uint8Array(original), `image/${format}`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    // turned upright: 400 × 300 stored sideways is 300 × 400
    expect(answer.body.data).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), width: 300, height: 400, contentType: `image/${format}` })

    const row = (await stored(answer.body.data.id))!
    expect(row).toMatchObject({ shopId: 'alpin', contentType: `image/${format}`, width: 300, height: 400 })
    const after = await sharp(row.content).metadata()
    expect(after.format).toBe(format)
    expect({ exif: after.exif, xmp: after.xmp, icc: after.icc, orientation: after.orientation, comments: after.comments }).toEqual({
      exif: undefined, xmp: undefined, icc: undefined, orientation: undefined, comments: undefined,
    })
    expect(Buffer.from(row.content).includes('Private Owner')).toBe(false)
  })

  it("is served at the width asked for on its shop's host, and never on another shop's", async () => {
    const { body } = await upload(new Uint8Array(await imageWithMetadata('jpeg')), 'image/jpeg')
    const own = await fetchImage(ALPIN, body.data.id, 160)
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('image/jpeg')
    expect(own.headers.get('cache-control')).toContain('immutable')
    expect((await sharp(Buffer.from(await own.arrayBuffer())).metadata()).width).toBe(160)

    // Another shop's host answers exactly as for an id that does not exist (the spec's fallback
    // image `default`, briefly cached): none of this shop's pixels.
    const foreign = await fetchImage(ATELIER, body.data.id, 160)
    const unknown = await fetchImage(ATELIER, 'NoSuchImage0000000000000000000000', 160)
    expect(foreign.status).toBe(unknown.status)
    expect(foreign.headers.get('etag')).toBe(unknown.headers.get('etag'))
    expect(foreign.headers.get('etag')).not.toBe(own.headers.get('etag'))
    expect(foreign.headers.get('cache-control')).not.toContain('immutable')
    expect(Buffer.from(await foreign.arrayBuffer()).equals(Buffer.from(await unknown.arrayBuffer()))).toBe(true)
  })

  it('keeps a PNG transparent; its JPEG rendering puts the transparency on white', async () => {
    const { status, body } = await upload(new Uint8Array(await transparentPng()), 'image/png')
    expect(status).toBe(201)
    expect((await sharp((await stored(body.data.id))!.content).metadata()).hasAlpha).toBe(true)
    const rendered = await fetchImage(ALPIN, body.data.id, 64)
    const { data } = await sharp(Buffer.from(await rendered.arrayBuffer())).raw().toBuffer({ resolveWithObject: true })
    expect(Math.min(data[0]!, data[1]!, data[2]!)).toBeGreaterThan(245) // a corner: white, not black
  })

  it('drops comments, and tells two images apart by their bytes for the Idempotency-Key', async () => {
    const base = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#888888' } }).jpeg().toBuffer()
    // Comments that are no UTF-8: as text both would read '\uFFFD'; as bytes they differ.
    const first = withJpegComment(base, Buffer.from([0x80]))
    const second = withJpegComment(base, Buffer.from([0x81]))
    const key = `media-${Date.now()}`
    const stored1 = await upload(new Uint8Array(first), 'image/jpeg', key)
    expect(stored1.status).toBe(201)
    const again = await upload(new Uint8Array(first), 'image/jpeg', key)
    expect([again.status, again.headers.get('idempotent-replayed'), again.body.data.id]).toEqual([201, 'true', stored1.body.data.id])
    const other = await upload(new Uint8Array(second), 'image/jpeg', key)
    expect([other.status, other.body.data.code]).toEqual([422, 'idempotency.mismatch'])
    const commented = withJpegComment(base, Buffer.from('Taken at home, Seestrasse 1'))
    const { body } = await upload(new Uint8Array(commented), 'image/jpeg')
    expect(Buffer.from((await stored(body.data.id))!.content).includes('Seestrasse')).toBe(false)
  })

  it('refuses whatever is not a JPEG, PNG or WebP image (422, field error on file) and stores nothing', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer()
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer()
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } }).jpeg().toBuffer()
    const cases: [string, BodyInit | undefined, string | undefined, string][] = [
      ['text', 'hello, not an image', 'image/jpeg', 'media.unsupported_type'],
      ['an SVG with a script', SCRIPTED_SVG, 'image/svg+xml', 'media.unsupported_type'],
      ['an SVG declared as PNG', SCRIPTED_SVG, 'image/png', 'media.unsupported_type'],
      ['a GIF', new Uint8Array(gif), 'image/gif', 'media.unsupported_type'],
      ['a PDF named .jpg', '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF', 'image/jpeg', 'media.unsupported_type'],
      ['a HEIC photo', new Uint8Array([0, 0, 0, 24, ...Buffer.from('ftypheic'), 0, 0, 0, 0, ...Buffer.from('mif1heic')]), 'image/heic', 'media.unsupported_type'],
      ['nothing', undefined, 'image/png', 'media.unsupported_type'],
      ['no declared type', new Uint8Array(png), undefined, 'media.unsupported_type'],
      ['a PNG declared as JPEG', new Uint8Array(png), 'image/jpeg', 'media.type_mismatch'],
      ['a damaged JPEG', new Uint8Array(jpeg.subarray(0, Math.floor(jpeg.length / 2))), 'image/jpeg', 'media.unreadable'],
    ]
    const before = await mediaCount()
    for (const [what, body, type, code] of cases) {
      const answer = await upload(body, type)
      expect([answer.status, answer.body.data.code, answer.body.data.errors?.file?.code], what).toEqual([422, 'validation', code])
    }
    expect(await mediaCount()).toBe(before)
  })
})
