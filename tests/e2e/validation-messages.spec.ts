/**
 * Validation messages (spec §5; issue 22, point 5) in Chromium, de, en and fr: a participant's
 * name that is too long is refused by what it measures ("at most 100 characters"), at the field
 * and in the error summary, and what was typed stays; over real HTTP the server's field errors
 * carry their type (a text, a number, a list) and the expected type, as the contract documents.
 */
import { expect, expectNoAxeViolations, test } from './fixtures'
import { T, cartFor, fillParticipants, participantLabel } from './checkout-helpers'
import { apiCall } from './staff-helpers'

const HOST = 'localhost'

const L = {
  de: { atMost100: 'Bitte höchstens 100 Zeichen eingeben.' },
  en: { atMost100: 'Please enter at most 100 characters.' },
  fr: { atMost100: 'Veuillez saisir au plus 100 caractères.' },
} as const

type FieldErrors = Record<string, { code: string; params?: Record<string, unknown> }>

for (const lang of ['de', 'en', 'fr'] as const) {
  test(`too long a name says "at most 100 characters" at the field and in the summary, keeps what was typed; the server's field errors carry their type (${lang})`, async ({ page }) => {
    test.slow()
    await cartFor(page, lang, 'AVAILABLE')
    const cartId = /\/checkout\/([A-Za-z0-9_-]{22,})$/.exec(new URL(page.url()).pathname)![1]!
    await fillParticipants(page, lang)
    const name = 'Bartholomäus'.repeat(9) // 108 characters
    const field = page.getByLabel(participantLabel(lang, 'first', 1)).first()
    await expect(field).toHaveAttribute('aria-required', 'true')
    await field.fill(name)
    await page.getByRole('button', { name: T[lang].cont }).click()

    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(new RegExp(L[lang].atMost100.replace(/[.]/g, '\\.')))
    const summary = page.getByTestId('error-summary')
    await expect(summary).toBeFocused()
    await expect(summary.getByRole('link', { name: new RegExp(L[lang].atMost100.replace(/[.]/g, '\\.')) })).toBeVisible()
    await expect(field).toHaveValue(name)
    await expectNoAxeViolations(page)
    // The summary's link leads to the field.
    await summary.getByRole('link', { name: new RegExp(L[lang].atMost100.replace(/[.]/g, '\\.')) }).click()
    await expect(field).toBeFocused()
    await field.fill('Bartholomäus')
    await page.getByRole('button', { name: T[lang].cont }).click()
    await expect(page.getByTestId('error-summary')).toHaveCount(0)
    // The contact step's required fields say so to assistive technology (issue 22, point 13).
    for (const id of ['firstname', 'surname', 'email', 'phone', 'street', 'postalCode', 'city', 'country']) await expect(page.locator(`#${id}`)).toHaveAttribute('aria-required', 'true')

    // Over real HTTP: what the contract's checks say, with the type of each measure.
    const cart = (await apiCall(page, HOST, 'GET', `/api/webshop/v1/carts/${cartId}`, undefined, lang)).body.data as unknown as { items: { id: string }[] }
    const itemPath = `/api/webshop/v1/carts/${cartId}/items/${cart.items[0]!.id}`
    const patch = async (quantity: unknown) => {
      const answer = await apiCall(page, HOST, 'PATCH', itemPath, { quantity }, lang)
      return { status: answer.status, errors: (answer.body.data as { errors?: FieldErrors } | undefined)?.errors ?? {} }
    }
    const notANumber = await patch('drei')
    expect(notANumber.status).toBe(400)
    expect(notANumber.errors.quantity).toEqual({ code: 'invalid_type', params: { expected: 'number' } })
    const fraction = await patch(1.5)
    expect(fraction.status).toBe(400)
    expect(fraction.errors.quantity).toEqual({ code: 'invalid_type', params: { expected: 'int', format: 'safeint' } })
    const zero = await patch(0)
    expect(zero.status).toBe(400)
    expect(zero.errors.quantity).toEqual({ code: 'too_small', params: { type: 'number', minimum: 1 } })

    const checkout = await apiCall(page, HOST, 'POST', `/api/webshop/v1/carts/${cartId}/checkout`, {
      mode: 'order',
      items: [{ itemId: cart.items[0]!.id, participants: [{ firstname: 'Anna', surname: 'Muster', extras: [] }] }],
      customer: { type: 'PRIVATE' },
      person: { firstname: name, surname: 'Muster', email: 'anna@example.ch', phone: '+41 79 900 00 00' },
      address: { street: 'Bahnhofstrasse', streetNumber: '12', postalCode: '3800', city: 'Interlaken', country: 'CH' },
      paymentMethod: 'PAY_ON_SITE',
      termsAccepted: true,
    }, lang)
    expect(checkout.status).toBe(400)
    const errors = (checkout.body.data as { errors?: FieldErrors } | undefined)?.errors ?? {}
    expect(errors['person.firstname']).toEqual({ code: 'too_big', params: { type: 'string', maximum: 100 } })
  })
}
