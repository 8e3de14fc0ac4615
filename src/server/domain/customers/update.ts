import { and, eq, ne, sql } from 'drizzle-orm'
import type { components } from '~/api/admin-schema.gen'
import { isKnownCountry, isValidEmail, MAX_LENGTH, normalisePhone } from '~/lib/checkout-validation'
import { tooBig } from '~/lib/field-errors'
import { unstorableText } from '~/server/domain/text'
import type { Db } from '~/server/db/client'
import { customers } from '~/server/db/schema'
import { conflict, invalidFields, type FieldErrors } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { customerEmailKey, type CustomerRow } from './link'
import { customerRow, customerView, type Customer, type CustomerScope } from './view'

export type CustomerInput = components['schemas']['CustomerInput']

/** The longest note the staff may keep about a customer. */
export const NOTE_MAX_LENGTH = 4000

export const customerVersionConflict = (version: number) =>
  conflict('customer.version_conflict', 'This customer was changed in the meantime. Please reload and try again.', { version })

/** Whether a customer's personal data were erased (nothing of it can be changed then). */
export const customerErased = () => conflict('customer.erased', 'This customer’s personal data were erased; the customer can no longer be changed.')

type Cleaned = Pick<CustomerRow, 'type' | 'company' | 'person' | 'email' | 'phone' | 'address' | 'note'>

function text(errors: FieldErrors, path: string, value: string | null | undefined, maximum: number, options: { required?: boolean; multiline?: boolean } = {}): string | null {
  const v = (value ?? '').trim()
  if (!v) {
    if (options.required) errors[path] = { code: 'required' }
    return null
  }
  if (unstorableText(v, options.multiline)) errors[path] = { code: 'control_characters', params: { multiline: options.multiline ?? false } }
  else if (v.length > maximum) errors[path] = tooBig('string', maximum)
  return v
}

/**
 * Checks a customer's details with the checkout's rules (the same codes and limits: a staff
 * member's entry is held to what a visitor's is) and answers them cleaned: trimmed, the e-mail in
 * lower case, the phone in E.164, an address complete or null, no company for a private customer.
 * Field paths are those of the input: `type`, `company`, `person.firstname`, `person.surname`,
 * `email`, `phone`, `address.*`, `note`.
 */
export function cleanCustomerInput(input: CustomerInput): { errors: FieldErrors; value: Cleaned } {
  const errors: FieldErrors = {}
  const company = text(errors, 'company', input.company, MAX_LENGTH['customer.company'], { required: input.type === 'COMPANY' })
  const firstname = text(errors, 'person.firstname', input.person?.firstname, MAX_LENGTH['person.firstname'], { required: true })
  const surname = text(errors, 'person.surname', input.person?.surname, MAX_LENGTH['person.surname'], { required: true })
  const email = text(errors, 'email', input.email, MAX_LENGTH['person.email'], { required: true })
  if (email && !errors.email && !isValidEmail(email)) errors.email = { code: 'email' }
  const rawPhone = text(errors, 'phone', input.phone, MAX_LENGTH['person.phone'])
  const phone = rawPhone && !errors.phone ? normalisePhone(rawPhone) : null
  if (rawPhone && !errors.phone && !phone) errors.phone = { code: 'phone' }
  let address: Cleaned['address'] = null
  if (input.address) {
    const a = input.address
    address = {
      street: text(errors, 'address.street', a.street, MAX_LENGTH['address.street'], { required: true }) ?? '',
      streetNumber: text(errors, 'address.streetNumber', a.streetNumber, MAX_LENGTH['address.streetNumber'], { required: true }) ?? '',
      postalCode: text(errors, 'address.postalCode', a.postalCode, MAX_LENGTH['address.postalCode'], { required: true }) ?? '',
      city: text(errors, 'address.city', a.city, MAX_LENGTH['address.city'], { required: true }) ?? '',
      country: (a.country ?? '').trim().toUpperCase(),
    }
    if (!address.country) errors['address.country'] = { code: 'required' }
    else if (!isKnownCountry(address.country)) errors['address.country'] = { code: 'country' }
  }
  const note = text(errors, 'note', input.note, NOTE_MAX_LENGTH, { multiline: true })
  return {
    errors,
    value: {
      type: input.type,
      company: input.type === 'COMPANY' ? company : null,
      person: { firstname: firstname ?? '', surname: surname ?? '' },
      email: customerEmailKey(email ?? ''),
      phone,
      address,
      note,
    },
  }
}

const forHistory = (c: Cleaned) => ({ type: c.type, company: c.company, person: c.person, email: c.email, phone: c.phone, address: c.address, note: c.note })

/**
 * Changes a customer's details if `version` is still its own (a new booking changes it too).
 * The customer's bookings keep what was typed when booking. Another customer of the shop with
 * the e-mail refuses the change (409 `customer.email_taken`): merging two customers is not done
 * silently.
 */
export async function updateCustomer(db: Db, actor: StaffPrincipal, scope: CustomerScope, customerId: string, input: CustomerInput): Promise<Customer> {
  const { errors, value } = cleanCustomerInput(input)
  return db.transaction(async (tx) => {
    const row = await customerRow(tx, actor.shopId, customerId, true)
    if (row.erasedAt) throw customerErased()
    if (row.version !== input.version) throw customerVersionConflict(row.version)
    if (Object.keys(errors).length) throw invalidFields(errors)
    if (value.email !== row.email) {
      const [other] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.shopId, actor.shopId), eq(customers.email, value.email), ne(customers.id, row.id)))
      if (other) throw conflict('customer.email_taken', 'Another customer has this e-mail address.', { customerId: other.id })
    }
    const changes = await recordChange(tx, {
      shopId: actor.shopId,
      subject: 'customer',
      subjectId: row.id,
      actorId: actor.staffId,
      action: 'updated',
      before: forHistory(row),
      after: forHistory(value),
      at: scope.now,
    })
    if (changes.length === 0) return customerView(tx, scope, row)
    try {
      const [saved] = await tx
        .update(customers)
        .set({ ...value, version: sql`${customers.version} + 1`, updatedAt: scope.now })
        .where(eq(customers.id, row.id))
        .returning()
      return customerView(tx, scope, saved!)
    } catch (error) {
      // A booking with this e-mail made the other customer meanwhile (the unique index).
      if (/customers_shop_email_idx|unique/i.test(String((error as { message?: string }).message ?? ''))) {
        throw conflict('customer.email_taken', 'Another customer has this e-mail address.', {})
      }
      throw error
    }
  })
}
