import type { Env } from '~/server/env'
import { resolveHost } from '~/server/tenancy'

/**
 * The one place that decides the origin of a shop's links: e-mails, payment return and webhook
 * URLs, canonical/hreflang/og:image, sitemap and robots.txt (docs/decisions/015-canonical-origin.md).
 * Never from request headers: the host comes from the shop (its primary custom domain, else
 * `{shop}.{HOSTED_DOMAIN}`), scheme and port from configuration.
 */
export type OriginSettings = {
  hostedDomain: string
  defaultShop: string
  scheme: 'http' | 'https'
  /** null: the scheme's default port (none in links). */
  port: number | null
}

export type OriginEnv = Pick<Env, 'HOSTED_DOMAIN' | 'DEFAULT_TENANT'> & Partial<Pick<Env, 'PUBLIC_SCHEME' | 'PUBLIC_PORT' | 'PORT'>>

/**
 * PUBLIC_SCHEME: default `http` when HOSTED_DOMAIN is localhost (local use), else `https`.
 * PUBLIC_PORT: default the server's PORT when HOSTED_DOMAIN is localhost, else none.
 */
export function originSettings(env: OriginEnv): OriginSettings {
  const local = env.HOSTED_DOMAIN === 'localhost'
  const scheme = env.PUBLIC_SCHEME ?? (local ? 'http' : 'https')
  const port = env.PUBLIC_PORT ?? (local ? (env.PORT ?? 3000) : null)
  return {
    hostedDomain: env.HOSTED_DOMAIN,
    defaultShop: env.DEFAULT_TENANT,
    scheme,
    port: port === (scheme === 'https' ? 443 : 80) ? null : port,
  }
}

export type OriginShop = { id: string; primaryDomain?: string | null }

/** The host of a shop's links: its primary custom domain, else its address under HOSTED_DOMAIN. */
export function shopHost(shop: OriginShop, settings: OriginSettings): string {
  if (shop.primaryDomain) return shop.primaryDomain
  if (settings.hostedDomain === 'localhost' && shop.id === settings.defaultShop) return 'localhost'
  return `${shop.id}.${settings.hostedDomain}`
}

/** `scheme://host[:port]` of a shop, e.g. `https://alpin.example.ch` or `http://localhost:3000`. */
export function shopOrigin(shop: OriginShop, settings: OriginSettings): string {
  return `${settings.scheme}://${shopHost(shop, settings)}${settings.port ? `:${settings.port}` : ''}`
}

/**
 * Without the shops' table (an external back end, API_ORIGIN): the origin of the shop a valid
 * Host header names, from the parsed host, never the raw header; null for an invalid host.
 */
export function originForHost(hostHeader: string | null, settings: OriginSettings): string | null {
  const resolution = resolveHost(hostHeader, settings.hostedDomain)
  switch (resolution.kind) {
    case 'invalid':
      return null
    case 'default':
      return shopOrigin({ id: settings.defaultShop }, settings)
    case 'hosted':
      return shopOrigin({ id: resolution.slug }, settings)
    case 'custom':
      return shopOrigin({ id: '', primaryDomain: resolution.domain }, settings)
  }
}

/**
 * Whether the visitor's connection is HTTPS: the request URL says so, or, only with
 * TRUST_PROXY, the proxy's X-Forwarded-Proto (first entry). Without TRUST_PROXY a visitor could
 * send the header himself.
 */
export function isSecureRequest(request: Request, trustProxy: boolean): boolean {
  if (new URL(request.url).protocol === 'https:') return true
  if (!trustProxy) return false
  return request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https'
}
