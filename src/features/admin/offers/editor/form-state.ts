import type { FieldError } from '~/components/checkout/field-error-text'
import type { OfferContent, OfferExtra, OfferVariant } from '~/api/admin-offers.queries'
import type { Locale } from '~/lib/locale'
import { parsePrice, priceInput } from '../price'

/** A variant or extra row as the form holds it: its price as typed, and a key for React that survives reordering. */
export type VariantRow = OfferVariant & { row: string; priceText: string }
export type ExtraRow = OfferExtra & { row: string; priceText: string }
/** The staffing numbers as typed (an empty "participants per guide" means one guide whatever the size). */
export type StaffingText = { participantsPerGuide: string; preparationMinutes: string }
export type OfferForm = Omit<OfferContent, 'variants' | 'extras' | 'staffing'> & { variants: VariantRow[]; extras: ExtraRow[]; staffing: StaffingText }

/** Changes a copy of the form (its state is never mutated in place). */
export type Change = (edit: (draft: OfferForm) => void) => void

/** What each section gets: the values, a way to change them, the field errors by path below `content`. */
export type SectionProps = {
  form: OfferForm
  change: Change
  error: (path: string) => FieldError | undefined
  languages: Locale[]
  currency: string
}

let rows = 0
export const newRow = () => `row-${++rows}`

export function formOf(content: OfferContent, currency: string): OfferForm {
  const staffing = content.staffing ?? { participantsPerGuide: null, preparationMinutes: 0 }
  return {
    ...structuredClone(content),
    staffing: { participantsPerGuide: staffing.participantsPerGuide === null ? '' : String(staffing.participantsPerGuide), preparationMinutes: String(staffing.preparationMinutes) },
    variants: content.variants.map((v) => ({ ...structuredClone(v), row: newRow(), priceText: priceInput(v.price, currency) })),
    extras: content.extras.map((e) => ({ ...structuredClone(e), row: newRow(), priceText: priceInput(e.price, currency) })),
  }
}

/** The content to save, or the field errors of prices that are not prices (nothing is sent then). */
export function contentOf(form: OfferForm, currency: string): { content: OfferContent } | { errors: Record<string, FieldError> } {
  const errors: Record<string, FieldError> = {}
  const price = (path: string, text: string) => {
    const minor = parsePrice(text, currency)
    if (minor === null) errors[path] = { code: 'price' }
    return minor ?? 0
  }
  const variants = form.variants.map(({ row: _row, priceText, ...v }, i) => ({ ...v, price: price(`content.variants.${i}.price`, priceText) }))
  const extras = form.extras.map(({ row: _row, priceText, ...e }, i) => ({ ...e, price: price(`content.extras.${i}.price`, priceText) }))
  const whole = (path: string, text: string, minimum: number, maximum: number) => {
    const value = text.trim()
    if (!/^\d+$/.test(value)) errors[path] = { code: 'invalid_type', params: { expected: 'number' } }
    else if (Number(value) < minimum) errors[path] = { code: 'too_small', params: { type: 'number', minimum } }
    else if (Number(value) > maximum) errors[path] = { code: 'too_big', params: { type: 'number', maximum } }
    return Number(value)
  }
  const perGuide = form.staffing.participantsPerGuide.trim()
  const staffing = {
    participantsPerGuide: perGuide === '' ? null : whole('content.staffing.participantsPerGuide', perGuide, 1, 1000),
    preparationMinutes: form.staffing.preparationMinutes.trim() === '' ? 0 : whole('content.staffing.preparationMinutes', form.staffing.preparationMinutes, 0, 1440),
  }
  if (Object.keys(errors).length) return { errors }
  return { content: { ...form, variants, extras, staffing } }
}

/** Moves the item at `index` by `by` places (−1 up, +1 down) within the list. */
export function move<T>(list: T[], index: number, by: number) {
  const target = index + by
  if (target < 0 || target >= list.length) return
  const [item] = list.splice(index, 1)
  list.splice(target, 0, item!)
}

/** The input id of a content path: the error summary (ids `settings-…`, shared with the settings forms) links to it. */
export { fieldId } from '~/features/admin/settings/general/form-state'
