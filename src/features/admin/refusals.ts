/**
 * How the staff pages' loaders answer the API's refusals: a refused role (it changed meanwhile)
 * is the 401 page, an unknown item (or another shop's) the not-found page, and a refused range
 * is shown at its field (the page asks again).
 */
import { notFound } from '@tanstack/react-router'
import { ApiError } from '~/api/client'
import { NotAuthorisedError } from './access'

/** 403 → the 401 page, 404 → not found; anything else is thrown on. */
export function refusedPage(error: unknown): never {
  if (error instanceof ApiError && error.status === 403) throw new NotAuthorisedError()
  if (error instanceof ApiError && error.status === 404) throw notFound()
  throw error
}

/** As `refusedPage`, but a 400 (a range the API does not take) is no page error: null, and the page shows the field's problem. */
export function refusedRange(error: unknown): null {
  if (error instanceof ApiError && error.status === 400) return null
  return refusedPage(error)
}
