import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'

/**
 * The palette's colour names are config keys (`primary`, …, or any a shop added): the ones the
 * shop's components use are shown translated, in this order; others keep their key.
 */
export const COLOUR_NAMES: Record<string, MessageDescriptor> = {
  primary: msg`Primary`,
  secondary: msg`Secondary`,
  accent: msg`Accent`,
  surface: msg`Surface`,
  background: msg`Background`,
  muted: msg`Muted`,
  error: msg`Error`,
  success: msg`Success`,
  warning: msg`Warning`,
  info: msg`Info`,
}

const ORDER = Object.keys(COLOUR_NAMES)

/** A colour's name for people: translated if known, else the key as it is. */
export function colourName(i18n: I18n, key: string): string {
  // own keys only: a shop's colour may be called `constructor`
  const name = Object.hasOwn(COLOUR_NAMES, key) ? COLOUR_NAMES[key] : undefined
  return name ? i18n._(name) : key
}

/** The palette's keys, known ones first in the usual order, then the others as they come. */
export function colourKeys(palette: Record<string, unknown>): string[] {
  const keys = Object.keys(palette)
  const known = ORDER.filter((k) => keys.includes(k))
  return [...known, ...keys.filter((k) => !ORDER.includes(k))]
}
