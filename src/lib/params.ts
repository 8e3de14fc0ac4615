import { notFound } from '@tanstack/react-router'
import { PATTERNS } from '~/api/contract-rules.gen'

/** Route parameter formats (a failed validation is 404 'Page Not Found'). */
export const SLUG = new RegExp(PATTERNS.slug)
export const OPAQUE_ID = new RegExp(PATTERNS.opaqueId)

export function validationNotFound() {
  return notFound({ data: { reason: 'validation' } })
}

export function parseSlug(value: string) {
  if (!SLUG.test(value) || value.length > 100) throw validationNotFound()
  return value
}

export function parseOpaqueId(value: string) {
  if (!OPAQUE_ID.test(value)) throw validationNotFound()
  return value
}
