import { useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import { useFieldErrorText, type FieldError } from '~/components/checkout/field-error-text'

export type FieldErrors = Record<string, FieldError>

/** The field errors of a 400 `validation` answer (`data.errors`), else none. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {}
  const errors = error.body.data?.errors
  return errors && typeof errors === 'object' ? (errors as FieldErrors) : {}
}

/** The staff app's field messages in the member's language, from the API's error codes. */
export function useAdminFieldErrorText() {
  const { t } = useLingui()
  const generic = useFieldErrorText()
  return (error: FieldError | undefined): string | undefined => {
    if (!error) return undefined
    const minimum = String(error.params?.minimum ?? 8)
    const maximum = String(error.params?.maximum ?? '')
    switch (error.code) {
      case 'password.too_short':
        return t`The password must have at least ${minimum} characters.`
      case 'password.lowercase':
        return t`The password must contain a lowercase letter.`
      case 'password.uppercase':
        return t`The password must contain an uppercase letter.`
      case 'password.mismatch':
        return t`The passwords do not match.`
      case 'password.wrong':
        return t`The current password is not correct.`
      case 'email.invalid':
        return generic({ code: 'email' })
      case 'phone.invalid':
        return generic({ code: 'phone' })
      case 'code.invalid':
        return t`The code is invalid or has expired. Request a new code.`
      case 'staff.email_taken':
        return t`A staff member with this e-mail address exists already.`
      case 'plain_text':
        return t`Plain text only: remove the tags (<…>) and control characters.`
      case 'time_zone':
        return t`Choose a time zone from the list.`
      case 'currency':
        return t`Choose a currency from the list.`
      case 'payment_options_overlap':
        return t`"Pay later by link or on site" already includes paying later and paying on site: offer either it or those two.`
      case 'domain.invalid':
        return t`This is not a domain name. Enter it like www.example.ch, without https:// or a path.`
      case 'domain.hosted':
        return t`Addresses below the hosting domain belong to the shops already; enter a domain of your own.`
      case 'domain.too_many':
        return t`A shop has at most ${maximum} domains. Remove one first.`
      case 'currency.locked':
        return t`The currency cannot change any more: the shop has bookings in its current currency.`
      case 'price':
        return t`Enter a price such as 120.50.`
      case 'slug.taken':
        return t`Another offer has this address already.`
      case 'media.unknown':
        return t`This image no longer exists: remove it and upload it again.`
      case 'media.duplicate':
        return t`This image is in the list twice.`
      case 'tag.unknown':
        return t`This tag no longer exists.`
      case 'key.duplicate':
        return t`Another row has this key already.`
      case 'variant.kind':
        return t`This type does not fit the kind of offer.`
      case 'variant.in_use':
        return t`A variant you removed is in a cart or a booking: keep it (${String((error.params?.keys as string[] | undefined)?.join(', ') ?? '')}).`
      case 'variant.required':
        return t`Add at least one variant with a price.`
      case 'hours.required':
        return t`Set the opening hours first.`
      case 'offer.unknown':
        return t`No offer has this address.`
      case 'offer.self':
        return t`An offer cannot be related to itself.`
      default:
        return generic(error)
    }
  }
}
