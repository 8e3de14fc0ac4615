import { ClientAbortError } from './problem'
/**
 * Request bodies are bounded on every route ("bounded work"): a body is read once,
 * by `readBoundedBody`, counting bytes as they arrive, before any signature is checked or any
 * JSON parsed. A declared Content-Length over the limit is refused without reading a byte; a
 * chunked body is no longer read once it crosses the limit, so at most the limit plus one chunk
 * is ever held in memory.
 *
 * The stream is left alone, not cancelled: on Node, cancelling a request body destroys the
 * connection at once, before the 413 can reach a client that is still sending, which then sees
 * a broken pipe instead of the answer. What becomes of the rest of the body is the transport's
 * business: the production server discards it and closes in stages (./lingering-close.ts).
 */

const KiB = 1024

/** The largest body each kind of route accepts, in bytes. */
export const BODY_LIMITS = {
  /**
   * JSON writes of the API (carts, checkout, payments, operator answers). The largest legitimate
   * one is a checkout: 500 participants with 100-character names (umlauts included) and four
   * extras each, a company, an address and a 2000-character message come to about 190 KiB
   * (tests/contract/limits.contract.test.ts builds it).
   */
  json: 256 * KiB,
  /** Payment providers' webhooks: a signed event is well under 10 KiB. */
  webhook: 64 * KiB,
  /** TanStack Start server functions (`/_serverFn/…`): their arguments only. */
  serverFunction: 64 * KiB,
  /** Pages and everything else: no body is expected (the sandbox's payment form sends a few bytes). */
  page: 4 * KiB,
  /**
   * The ceiling of an operation's own bound (`x-max-body-bytes` in openapi/admin.yaml, e.g. the
   * image upload's 10 MiB). Kept apart so that allowing uploads never means raising the limit of
   * the JSON routes; such a body is read only once the staff member is known.
   */
  upload: 10 * 1024 * KiB,
} as const

/** A body over its limit (the server answers 413). */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes.`)
    this.name = 'BodyTooLarge'
  }
}

/** BodyTooLarge when the request's Content-Length says more than `limit` (nothing is read). */
export function refuseDeclaredOver(request: Request, limit: number) {
  const declared = request.headers.get('content-length')?.trim()
  if (declared && /^\d+$/.test(declared) && Number(declared) > limit) throw new BodyTooLarge(limit)
}

/**
 * The body of `request`, at most `limit` bytes, or BodyTooLarge. Reads the stream itself (never
 * `request.text()`, which would buffer everything first).
 */
export async function readBoundedBody(request: Request, limit: number): Promise<Uint8Array> {
  refuseDeclaredOver(request, limit)
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>
    try {
      chunk = await reader.read()
    } catch (error) {
      throw new ClientAbortError(error) // the stream broke: the client went away mid-upload
    }
    const { done, value } = chunk
    if (done) break
    size += value.byteLength
    if (size > limit) {
      reader.releaseLock()
      throw new BodyTooLarge(limit)
    }
    chunks.push(value)
  }
  if (chunks.length === 1) return chunks[0]!
  const body = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    body.set(chunk, at)
    at += chunk.byteLength
  }
  return body
}

/**
 * The same request with its body read (bounded) into memory, so that later readers (`text()`,
 * `json()`, a signature check) never touch the network stream. Keeps the client address that
 * the server put on the request (`ip`).
 */
export async function withBoundedBody(request: Request, limit: number): Promise<Request> {
  if (request.method === 'GET' || request.method === 'HEAD') return request
  const body = await readBoundedBody(request, limit)
  const copy = new Request(request.url, { method: request.method, headers: request.headers, body: body.byteLength ? (body as BodyInit) : undefined, signal: request.signal })
  const ip = (request as Request & { ip?: string }).ip
  return ip === undefined ? copy : Object.assign(copy, { ip })
}
