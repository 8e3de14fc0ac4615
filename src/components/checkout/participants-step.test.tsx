// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { createActor } from 'xstate'
import { afterEach, describe, expect, it } from 'vitest'
import { getI18n } from '~/lib/i18n'
import { checkoutMachine } from '~/machines/checkout/checkout.machine'
import { EXTRAS, ORDER_CART } from '~/machines/checkout/checkout.fixtures'
import { ParticipantsStep } from './participants-step'

/** The participants step of a fresh checkout of ORDER_CART (both items start 2025-06-20T08:00Z). */
function show(timeZone: string) {
  const ctx = createActor(checkoutMachine, { input: { cart: ORDER_CART, extras: EXTRAS, paymentOptions: ['PAY_ON_SITE'] } }).getSnapshot().context
  render(
    <I18nProvider i18n={getI18n('en')}>
      <ParticipantsStep ctx={ctx} send={() => {}} lang="en" fieldError={() => undefined} timeZone={timeZone} />
    </I18nProvider>,
  )
  return screen.getAllByTestId('checkout-item').map((item) => item.querySelector('p')?.textContent)
}

describe('checkout participants step: start times in the shop’s time zone', () => {
  afterEach(cleanup)

  it('a shop in New York shows its local time', () => {
    expect(show('America/New_York')).toEqual(['Friday, 20 June 2025, 04:00', 'Friday, 20 June 2025, 04:00'])
  })

  it('a shop in Zurich shows its local time', () => {
    expect(show('Europe/Zurich')).toEqual(['Friday, 20 June 2025, 10:00', 'Friday, 20 June 2025, 10:00'])
  })
})
