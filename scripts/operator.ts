/**
 * Answering requests from the command line, through the operator API.
 *
 *   npm run operator -- list [--status REQUESTED]
 *   npm run operator -- show K7Q2-X9PM            (marks the request seen)
 *   npm run operator -- accept K7Q2-X9PM [--reply "See you on Saturday!"]
 *   npm run operator -- decline K7Q2-X9PM [--reply "Fully booked, sorry."]
 *   npm run operator -- cancel K7Q2-X9PM [--reply "The river is too high."]  (any booking without
 *                                                  online payments; places released, visitor e-mailed)
 *   npm run operator -- token alpin               (a new token; opens the database itself, so
 *                                                  stop a PGlite server first)
 *
 * Options: --url (or SHOP_URL; default http://localhost:3000), --token (or OPERATOR_TOKEN;
 * default: the file DATA_DIR/operator/{shop}.token written on first start), --shop (default
 * DEFAULT_TENANT or alpin; which token file), --json (print the API's answer).
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    token: { type: 'string' },
    shop: { type: 'string' },
    status: { type: 'string' },
    reply: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
})

const [command, argument] = positionals
const usage = 'usage: npm run operator -- list [--status S] | show CODE | accept CODE [--reply TEXT] | decline CODE [--reply TEXT] | cancel CODE [--reply TEXT] | token SHOP'

type Request = {
  code: string
  status: string
  seen: boolean
  reply?: string
  repliedAt?: string
  total: { amount: number; currency: string }
  person: { firstname: string; surname: string; email: string; phone: string }
  message?: string
  locale?: string
  items: { offerTitle: string; skuTitle: string; start: string; quantity: number }[]
  paymentLink?: { token: string; expiresAt: string }
  createdAt: string
}

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

function operatorToken(shop: string) {
  if (values.token) return values.token
  if (process.env.OPERATOR_TOKEN) return process.env.OPERATOR_TOKEN
  const file = join(resolve(process.env.DATA_DIR ?? 'data'), 'operator', `${shop}.token`)
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    return fail(`No operator token: pass --token, set OPERATOR_TOKEN, or start the shop once so that ${file} exists.`)
  }
}

/** fetch, except that `{shop}.localhost` reaches this machine as browsers do (Node does not resolve it). */
function send(url: URL, init: { method: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; statusText: string; text: string }>((resolvePromise, reject) => {
    const local = url.hostname.endsWith('.localhost')
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      {
        method: init.method,
        hostname: local ? '127.0.0.1' : url.hostname,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: url.pathname + url.search,
        headers: { ...init.headers, host: url.host, ...(init.body ? { 'content-length': Buffer.byteLength(init.body) } : {}) },
        ...(local ? {} : { servername: url.hostname }),
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolvePromise({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', text }))
      },
    )
    request.on('error', reject)
    request.end(init.body)
  })
}

async function api(method: 'GET' | 'POST', path: string, body?: unknown) {
  const base = (values.url ?? process.env.SHOP_URL ?? 'http://localhost:3000').replace(/\/$/, '')
  const shop = values.shop ?? process.env.DEFAULT_TENANT ?? 'alpin'
  const payload = body ? JSON.stringify(body) : undefined
  const response = await send(new URL(`${base}/api/webshop/v1/operator${path}`), {
    method,
    headers: {
      authorization: `Bearer ${operatorToken(shop)}`,
      accept: 'application/json',
      ...(payload ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
    },
    body: payload,
  }).catch((error: Error) => fail(`Cannot reach ${base}: ${error.message}`))
  let answer: { data?: unknown; message?: string } | null = null
  try {
    answer = JSON.parse(response.text)
  } catch {
    answer = null
  }
  if (response.status < 200 || response.status >= 300) {
    const code = (answer as { data?: { code?: string } } | null)?.data?.code
    fail(`${response.status} ${answer?.message ?? response.statusText}${code ? ` (${code})` : ''}`)
  }
  return answer?.data
}

const money = (m: { amount: number; currency: string }) => `${m.currency} ${(m.amount / 100).toFixed(2)}`

function print(request: Request) {
  const lines = [
    `${request.code}  ${request.status}${request.seen ? '' : '  (unseen)'}  ${money(request.total)}  ${new Date(request.createdAt).toLocaleString('de-CH')}`,
    `  ${request.person.firstname} ${request.person.surname} <${request.person.email}> ${request.person.phone}  [${request.locale ?? '?'}]`,
    ...request.items.map((i) => `  ${i.quantity} × ${i.offerTitle} – ${i.skuTitle}, ${new Date(i.start).toLocaleString('de-CH', { timeZone: 'Europe/Zurich' })}`),
    ...(request.message ? [`  message: ${request.message}`] : []),
    ...(request.reply ? [`  reply (${request.repliedAt ? new Date(request.repliedAt).toLocaleString('de-CH') : ''}): ${request.reply}`] : []),
  ]
  console.log(lines.join('\n'))
}

async function main() {
  switch (command) {
    case 'list': {
      const list = (await api('GET', `/requests${values.status ? `?status=${encodeURIComponent(values.status)}` : ''}`)) as Request[]
      if (values.json) return console.log(JSON.stringify(list, null, 2))
      if (list.length === 0) return console.log('No requests.')
      for (const request of list) print(request)
      return
    }
    case 'show':
    case 'accept':
    case 'decline': {
      if (!argument) fail(usage)
      const code = argument.toUpperCase()
      const request = (
        command === 'show'
          ? await api('GET', `/requests/${encodeURIComponent(code)}`)
          : await api('POST', `/requests/${encodeURIComponent(code)}/answer`, { decision: command, ...(values.reply ? { reply: values.reply } : {}) })
      ) as Request
      if (values.json) return console.log(JSON.stringify(request, null, 2))
      print(request)
      if (command !== 'show') console.log(`\n${command === 'accept' ? 'Accepted' : 'Declined'}; the visitor gets an e-mail.`)
      return
    }
    case 'cancel': {
      if (!argument) fail(usage)
      const code = argument.toUpperCase()
      const booking = (await api('POST', `/bookings/${encodeURIComponent(code)}/cancel`, values.reply ? { message: values.reply } : {})) as {
        code: string
        status: string
        total: { amount: number; currency: string }
      }
      if (values.json) return console.log(JSON.stringify(booking, null, 2))
      console.log(`${booking.code}  ${booking.status}  ${money(booking.total)}\n\nCancelled; the places are free again and the visitor gets an e-mail.`)
      return
    }
    case 'token': {
      if (!argument) fail(usage)
      const { getRuntime } = await import('../src/server/runtime')
      const { createOperatorToken } = await import('../src/server/domain/operator')
      const runtime = await getRuntime()
      if (!runtime.database) fail('API_ORIGIN is set: tokens live in that back end.')
      console.log(await createOperatorToken(runtime.database.db, argument, 'created by npm run operator -- token'))
      await runtime.database.close()
      return
    }
    default:
      fail(usage)
  }
}

await main()
