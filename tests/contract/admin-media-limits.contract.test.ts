/**
 * The bounds of `uploadMedia` (openapi/admin.yaml): its own body bound (`x-max-body-bytes`,
 * 10 MiB, far above the 256 KiB of the JSON writes) refused with 413 without reading it all and
 * read only for a signed-in manager; image bombs refused from their header, before decoding;
 * who may upload (a guide may not; signed out 401; no anti-forgery pair 419).
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { BODY_LIMITS } from '../../src/server/http/body-limit'
import { staffCookieName } from '../../src/server/http/staff-cookie'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createBuiltInApi } from '../../src/server/runtime'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { adminSpec } from '../support/contract'
import { describeEachDatabase } from '../support/databases'
import { noiseJpeg, pngClaiming, uploadCall } from '../support/media'
import { insertStaff, staffCalls } from '../support/staff'
import { xsrfHeaders } from '../support/visitor-calls'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const env = { HOSTED_DOMAIN, DEFAULT_TENANT: 'alpin', NODE_ENV: 'test' as const, APP_SECRET: 'a-secret-for-the-upload-tests-0000' }
const LIMIT = adminSpec.paths['/api/admin/v1/media'].post['x-max-body-bytes'] as number

/** A body streamed in 64 KiB chunks without Content-Length, counting the bytes the server pulled. */
function streamed(totalBytes: number) {
  const chunk = 64 * 1024
  const seen = { bytes: 0 }
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.bytes >= totalBytes) return controller.close()
      seen.bytes += chunk
      controller.enqueue(new Uint8Array(chunk).fill(0xff))
    },
  })
  return { body, seen, chunk }
}

describeEachDatabase('bounds and access of image uploads (openapi/admin.yaml uploadMedia)', (factory) => {
  let app: TestApp
  let manager: string
  let guide: string

  beforeAll(async () => {
    app = await createTestApp(factory, { env: { APP_SECRET: env.APP_SECRET } })
    await insertStaff(app, [
      { shopId: 'alpin', email: 'marco@alpin.example', name: 'Marco Rossi', role: 'manager' },
      { shopId: 'alpin', email: 'zora@alpin.example', name: 'Zora Zimmermann', role: 'guide' },
    ])
    const calls = await staffCalls(app, ALPIN)
    manager = await calls.signIn('marco@alpin.example')
    guide = await calls.signIn('zora@alpin.example')
  })
  afterAll(() => app?.close())

  it('has a bound of its own, between the JSON bound and the upload ceiling', () => {
    expect(LIMIT).toBeGreaterThan(BODY_LIMITS.json)
    expect(LIMIT).toBeLessThanOrEqual(BODY_LIMITS.upload)
  })

  it('takes an image larger than the JSON bound', async () => {
    const photo = await noiseJpeg()
    expect(photo.length).toBeGreaterThan(BODY_LIMITS.json)
    const answer = await uploadCall(app, new Uint8Array(photo), { origin: ALPIN, session: manager, type: 'image/jpeg' })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  })

  it('refuses a body over its bound with 413: declared at once, streamed without reading it all', async () => {
    const declared = await uploadCall(app, new Uint8Array(LIMIT + 1), { origin: ALPIN, session: manager, type: 'image/jpeg' })
    expect([declared.status, declared.body.data.code, declared.body.data.limit]).toEqual([413, 'body.too_large', LIMIT])

    // Straight to the handler (the test app's contract check would buffer a copy of the stream).
    const api = createBuiltInApi(app.database, env)
    const pair = await xsrfHeaders(app, ALPIN)
    const send = (session: string | undefined) => {
      const stream = streamed(100 * 1024 * 1024)
      const cookie = [pair.cookie, session ? `${staffCookieName(false)}=${session}` : ''].filter(Boolean).join('; ')
      const headers = { cookie, 'x-xsrf-token': pair['x-xsrf-token']!, 'idempotency-key': randomUUID(), 'content-type': 'image/jpeg' }
      const request = new Request(`${ALPIN}/api/admin/v1/media`, { method: 'POST', headers, body: stream.body, duplex: 'half' } as RequestInit)
      return { stream, response: api(request, { requestId: randomUUID() }) }
    }
    const signedIn = send(manager)
    expect((await signedIn.response).status).toBe(413)
    // the chunk that crossed the bound, and the one the stream queued ahead of the reader
    expect(signedIn.stream.seen.bytes).toBeLessThanOrEqual(LIMIT + 2 * signedIn.stream.chunk)
    // Signed out, not a byte beyond what the stream queued by itself is read.
    const signedOut = send(undefined)
    expect((await signedOut.response).status).toBe(401)
    expect(signedOut.stream.seen.bytes).toBeLessThanOrEqual(signedOut.stream.chunk)
  })

  it('refuses an image bomb from its header, before decoding: 422 media.too_large_dimensions', async () => {
    for (const [width, height] of [
      [50_000, 50_000], // 2.5 gigapixels in 80 bytes
      [12_001, 2], // too long a side
      [7_000, 6_000], // 42 megapixels with sides in bounds
    ]) {
      const bomb = pngClaiming(width!, height!)
      expect(bomb.length).toBeLessThan(200)
      const answer = await uploadCall(app, new Uint8Array(bomb), { origin: ALPIN, session: manager, type: 'image/png' })
      expect([answer.status, answer.body.data.errors?.file], `${width} × ${height}`).toEqual([
        422,
        { code: 'media.too_large_dimensions', params: { maxSide: 12_000, maxPixels: 40_000_000 } },
      ])
      expect(answer.ms, 'refused without decoding').toBeLessThan(1000)
    }
  })

  it('lets managers and owners upload: a guide 403, signed out 401, without the anti-forgery pair 419', async () => {
    const png = pngClaiming(10, 10)
    const as = (options: { session?: string; xsrf?: boolean }) => uploadCall(app, new Uint8Array(png), { origin: ALPIN, type: 'image/png', ...options })
    const codes = async (options: { session?: string; xsrf?: boolean }) => {
      const answer = await as(options)
      return [answer.status, answer.body.data.code]
    }
    expect(await codes({ session: guide })).toEqual([403, 'auth.forbidden'])
    expect(await codes({})).toEqual([401, 'auth.required'])
    expect(await codes({ session: manager, xsrf: false })).toEqual([419, 'xsrf.mismatch'])
  })
})
