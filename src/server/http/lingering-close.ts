import { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { ServerRequest } from 'srvx'

/**
 * How long, at most, a connection whose answer went out before its request body had arrived
 * keeps reading (and discarding) what the client still sends before it is closed for good.
 * Long enough for a client to read the answer and stop sending, short enough that a client which
 * never stops holds nothing for long (nginx's lingering_timeout is 5 s).
 */
export const LINGER_MS = 2_000

/**
 * An answer given before the request body has fully arrived (a 413 for a body over its limit, or
 * any answer that did not need the body) ends the connection in stages, as RFC 9112 §9.6 asks:
 * "Connection: close" on the answer, then a half-close (our FIN after the answer) while what the
 * client still sends is read and thrown away, then the full close once the client has closed its
 * side or after `lingerMs`.
 *
 * Node's own ending is a full close as soon as the answer is written: the kernel then answers the
 * client's next bytes with a reset, and a client still writing its body sees a broken pipe (EPIPE)
 * instead of the 413. Nothing of the rest of the body is kept: it is discarded as it arrives.
 *
 * Call it when the answer is ready, before it is written. Requests whose body was read to the end
 * (the usual case) are left alone and keep their keep-alive connection.
 */
export function closeInStages(req: IncomingMessage, res: ServerResponse, lingerMs = LINGER_MS): boolean {
  if (req.complete || req.destroyed || res.headersSent) return false
  res.shouldKeepAlive = false
  // The web stream made of the request (srvx) would queue what still arrives: discard it instead.
  req.removeAllListeners('data')
  req.on('data', () => {})
  req.resume()
  const socket = req.socket
  // Node ends a "Connection: close" answer with socket.destroySoon(); this one half-closes and waits.
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end()
    const timer = setTimeout(() => this.destroy(), lingerMs)
    timer.unref()
    this.once('close', () => clearTimeout(timer))
  }
  return true
}

/**
 * A srvx fetch handler whose answers end their connection in stages when they go out before the
 * request body has arrived (HTTP/1.1 on Node; other transports are passed through).
 */
export function closingInStages<R extends Request>(fetch: (request: R) => Promise<Response>, lingerMs = LINGER_MS) {
  return async (request: R): Promise<Response> => {
    const response = await fetch(request)
    const node = (request as unknown as ServerRequest).runtime?.node
    if (node?.req instanceof IncomingMessage && node.res instanceof ServerResponse) closeInStages(node.req, node.res, lingerMs)
    return response
  }
}
