import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serve, type Server } from 'srvx'
import { BodyTooLarge, readBoundedBody } from './body-limit'
import { closingInStages } from './lingering-close'
import { streamingPost } from '../../../tests/support/streaming-post'

/**
 * A real srvx server on Node, bounding bodies as the shop does (64 KiB), against clients that keep
 * sending large bodies: they must read the 413, never a broken pipe (the failure these tests were
 * written for: Node's immediate close made a client still writing see EPIPE in most attempts).
 */
const LIMIT = 64 * 1024
const LINGER_MS = 400
let server: Server
let port = 0

beforeAll(async () => {
  server = serve({
    port: 0,
    hostname: '127.0.0.1',
    silent: true,
    gracefulShutdown: false,
    fetch: closingInStages(async (request: Request) => {
      try {
        const body = await readBoundedBody(request, LIMIT)
        return new Response(`read ${body.byteLength}`)
      } catch (error) {
        if (error instanceof BodyTooLarge) return new Response('too large', { status: 413 })
        throw error
      }
    }, LINGER_MS),
  })
  await server.ready()
  port = Number(new URL(server.url!).port)
})

afterAll(async () => {
  await server.close(true)
})

/** Posts up to `total` bytes, a chunk per event-loop turn, and stops sending once answered. */
const post = (total: number, headers: Record<string, string> = {}, agent?: http.Agent) => streamingPost({ port, path: '/', total, headers, agent })

describe('an answer given before the body arrived closes the connection in stages', () => {
  it('a client still sending a large chunked body reads the 413, every time', async () => {
    for (let i = 0; i < 25; i++) {
      const answer = await post(20 * 1024 * 1024)
      expect(answer.status).toBe(413)
      expect(answer.connection).toBe('close')
      expect(answer.sent).toBeLessThan(20 * 1024 * 1024) // it stopped sending once answered
    }
  })

  it('so does one whose declared Content-Length is over the limit', async () => {
    for (let i = 0; i < 25; i++) {
      const total = 20 * 1024 * 1024
      const answer = await post(total, { 'content-length': String(total) })
      expect(answer.status).toBe(413)
      expect(answer.connection).toBe('close')
    }
  })

  it('a client that never stops sending is cut off after the lingering time', async () => {
    const started = Date.now()
    const outcome = await new Promise<string>((resolve) => {
      const socket = http.request({ host: '127.0.0.1', port, path: '/', method: 'POST' })
      let answered = false
      socket.on('response', (res) => {
        answered = true
        res.resume()
      })
      socket.on('error', (e) => resolve(`${answered ? 'answered, then ' : ''}${(e as NodeJS.ErrnoException).code}`))
      socket.on('close', () => resolve(answered ? 'answered, then closed' : 'closed'))
      const chunk = Buffer.alloc(64 * 1024, 120)
      const pump = () => {
        if (socket.destroyed) return
        if (socket.write(chunk)) setImmediate(pump)
        else socket.once('drain', pump)
      }
      pump() // ignores the answer and goes on writing
    })
    expect(outcome).toMatch(/^answered, then/)
    expect(Date.now() - started).toBeLessThan(LINGER_MS + 3_000)
  })

  it('a request whose body was read to the end keeps its keep-alive connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const first = await post(1024, {}, agent)
      const second = await post(2048, {}, agent)
      expect([first.status, first.body, first.connection]).toEqual([200, 'read 1024', 'keep-alive'])
      expect([second.status, second.body]).toEqual([200, 'read 2048'])
    } finally {
      agent.destroy()
    }
  })
})
