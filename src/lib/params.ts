import { notFound } from '@tanstack/react-router'

/** Route parameter formats (a failed validation is 404 'Page Not Found'). */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const OPAQUE_ID = /^[A-Za-z0-9_-]{22,64}$/

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
