import { createFileRoute } from '@tanstack/react-router'
import webshop from '../../../openapi/webshop.yaml?raw'
import admin from '../../../openapi/admin.yaml?raw'
import { BUILD_ID } from '~/lib/build-id'
import type { ContractName } from '~/features/admin/info/contracts'

/** The contract files as bundled at build time (they never change while this build runs). */
const FILES: Record<`${ContractName}.yaml`, string> = { 'webshop.yaml': webshop, 'admin.yaml': admin }

/** One ETag per build and file: a client revalidating after a deploy gets the new file. */
const etag = (name: string) => `"${BUILD_ID}-${name}"`

/**
 * GET /openapi/webshop.yaml and /openapi/admin.yaml: the API contracts for developers who
 * generate clients (the staff app's API reference renders them and links here). Outside the
 * APIs themselves, so a contract does not describe its own file. Unknown names: 404.
 */
export function contractFile(name: string, ifNoneMatch: string | null): Response {
  if (!Object.hasOwn(FILES, name)) return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  const headers = { 'cache-control': 'public, max-age=300, must-revalidate', etag: etag(name), 'x-content-type-options': 'nosniff' }
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === headers.etag)) return new Response(null, { status: 304, headers })
  return new Response(FILES[name as keyof typeof FILES], {
    headers: { ...headers, 'content-type': 'text/yaml; charset=utf-8', 'content-disposition': `inline; filename="${name}"` },
  })
}

export const Route = createFileRoute('/openapi/$name')({
  server: {
    handlers: {
      GET: ({ request, params }) => contractFile(params.name, request.headers.get('if-none-match')),
    },
  },
})
