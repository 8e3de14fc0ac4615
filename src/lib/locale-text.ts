import { pickLabel } from './locale'
export type { Locale } from './locale'

/** An offer's text in the request's locale, with the label fallback rule. */
export const pickText = pickLabel
