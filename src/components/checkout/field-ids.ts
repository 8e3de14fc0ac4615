/**
 * The element of each checkout field, by the field's path in the field errors
 * (src/lib/checkout-validation.ts): the steps give their fields these ids, the error summary
 * links to them and lists them in the order of the page.
 */
import { stepOfField } from '~/machines/checkout/checkout.errors'
import { CHECKOUT_STEPS, CONTACT_FIELDS } from '~/machines/checkout/checkout.types'

export type ParticipantPart = 'firstname' | 'surname' | 'forSelf' | 'extras'
/** A participant's parts in the order of the page. */
const PARTICIPANT_PARTS: readonly ParticipantPart[] = ['firstname', 'surname', 'forSelf', 'extras']
/** The payment step's fields in the order of the page. */
const PAYMENT_FIELDS = ['paymentMethod', 'message', 'termsAccepted'] as const

const PARTICIPANT = /^items\.([^.]+)\.participants\.(\d+)\.(firstname|surname|forSelf|extras)$/
/** An item's own error (the server's, e.g. no places left) or its number of participants. */
const ITEM = /^items\.([^.]+)(?:\.participants)?$/

export const STEP_HEADING_ID = 'checkout-step-heading'
export const participantFieldId = (itemId: string, index: number, part: ParticipantPart) => `${itemId}-${index}-${part.toLowerCase()}`
export const itemFieldId = (itemId: string) => `checkout-item-${itemId}`

/** A participant field's item, index and part, or null. */
export function participantField(path: string): { itemId: string; index: number; part: ParticipantPart } | null {
  const match = PARTICIPANT.exec(path)
  return match ? { itemId: match[1]!, index: Number(match[2]), part: match[3] as ParticipantPart } : null
}

/** The item of an item's own error (`items.<id>`, `items.<id>.participants`), or null. */
export function itemOfError(path: string): string | null {
  return ITEM.exec(path)?.[1] ?? null
}

/** The id of the element that holds the field (the step's heading for a path no field has). */
export function fieldId(path: string): string {
  const participant = participantField(path)
  if (participant) return participantFieldId(participant.itemId, participant.index, participant.part)
  const item = itemOfError(path)
  if (item) return itemFieldId(item)
  if (path === 'customer.type') return 'customer-type'
  if (path === 'paymentMethod') return 'payment-method'
  if (path === 'termsAccepted') return 'terms'
  if (path === 'message') return 'message'
  // customer.company, person.*, address.*: the part after the dot
  if ((CONTACT_FIELDS as readonly string[]).includes(path)) return path.split('.')[1]!
  return STEP_HEADING_ID
}

/** Where a field stands on the page: step, item, participant, field (compared in this order). */
function position(path: string, itemIds: readonly string[]): number[] {
  const step = CHECKOUT_STEPS.indexOf(stepOfField(path))
  const participant = participantField(path)
  if (participant) return [step, itemIds.indexOf(participant.itemId), participant.index + 1, PARTICIPANT_PARTS.indexOf(participant.part)]
  const item = itemOfError(path)
  if (item) return [step, itemIds.indexOf(item), 0, 0]
  const contact = (CONTACT_FIELDS as readonly string[]).indexOf(path)
  if (contact >= 0) return [step, contact]
  return [step, (PAYMENT_FIELDS as readonly string[]).indexOf(path)]
}

/** Field paths in the order of the page (items in the cart's order). */
export function inPageOrder(paths: readonly string[], itemIds: readonly string[]): string[] {
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0)
    return 0
  }
  return [...paths].sort((a, b) => compare(position(a, itemIds), position(b, itemIds)))
}
