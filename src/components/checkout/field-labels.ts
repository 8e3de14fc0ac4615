import { useLingui } from '@lingui/react/macro'
import type { Cart } from '~/machines/checkout/checkout.types'
import { itemOfError, participantField, type ParticipantPart } from './field-ids'

/**
 * The names of the checkout's fields in the visitor's language: the steps label their fields with
 * them, the error summary names the fields it links to. A participant's fields carry the
 * participant's number ("First name (participant 2)"), so no two fields of an item share a name.
 */
export function useFieldLabels() {
  const { t } = useLingui()

  const participant = (part: ParticipantPart, number: number): string => {
    switch (part) {
      case 'firstname':
        return t`First name (participant ${number})`
      case 'surname':
        return t`Surname (participant ${number})`
      case 'forSelf':
        return t`This is me (participant ${number})`
      case 'extras':
        return t`Extras (participant ${number})`
    }
  }

  const CONTACT: Record<string, string> = {
    'customer.type': t`I book as`,
    'customer.company': t`Company`,
    'person.firstname': t`First name`,
    'person.surname': t`Surname`,
    'person.email': t`E-mail`,
    'person.phone': t`Phone`,
    'address.street': t`Street`,
    'address.streetNumber': t`Number`,
    'address.postalCode': t`Postal code`,
    'address.city': t`City`,
    'address.country': t`Country`,
    paymentMethod: t`Payment method`,
    message: t`Message to us (optional)`,
    termsAccepted: t`General terms and conditions`,
  }

  /** The name of a field (a contact field's is its label). */
  const field = (path: string): string | undefined => CONTACT[path]

  /**
   * A field as the error summary names it: a participant's with the item's offer when the cart
   * has several, an item's own error by the item's offer and variant.
   */
  const inSummary = (path: string, cart: Cart): string => {
    const title = (itemId: string) => {
      const item = cart.items.find((i) => i.id === itemId)
      return item ? `${item.offerTitle} – ${item.skuTitle}` : ''
    }
    const p = participantField(path)
    if (p) {
      const label = participant(p.part, p.index + 1)
      const offer = title(p.itemId)
      return cart.items.length > 1 ? t`${label}, ${offer}` : label
    }
    const item = itemOfError(path)
    if (item) return title(item)
    return field(path) ?? t`Checkout`
  }

  return { participant, field, inSummary }
}
