import http from 'node:http'

export type StreamedAnswer = { status: number; ms: number; sent: number; body: string; connection?: string }

/**
 * POSTs up to `total` bytes to 127.0.0.1:`port` in 64 KiB chunks, one per event-loop turn as a
 * network client sends (it reads the answer in between), and stops sending once the answer is
 * there. A broken pipe instead of an answer rejects: a server must let the client read its 413.
 */
export function streamingPost(options: { port: number; path: string; total: number; headers?: Record<string, string>; agent?: http.Agent }) {
  const { port, path, total, headers = {}, agent } = options
  return new Promise<StreamedAnswer>((resolve, reject) => {
    const started = Date.now()
    const chunk = Buffer.alloc(64 * 1024, 120)
    let sent = 0
    let answered = false
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers, agent })
    req.on('response', (res) => {
      answered = true
      let body = ''
      res.on('data', (d) => (body += d))
      res.on('end', () => {
        if (!agent) req.destroy()
        resolve({ status: res.statusCode!, ms: Date.now() - started, sent, body, connection: res.headers.connection })
      })
    })
    req.on('error', (e) => !answered && reject(e))
    const pump = () => {
      if (answered) return
      if (sent >= total) return void req.end()
      const piece = chunk.subarray(0, Math.min(chunk.length, total - sent))
      sent += piece.length
      if (req.write(piece)) setImmediate(pump)
      else req.once('drain', pump)
    }
    pump()
  })
}
