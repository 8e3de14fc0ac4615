import { Fragment } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/button'
import { usePaymentMethodText } from '~/components/payments/payment-method-text'
import { participantName, quantityAndPrice } from '~/lib/booking-summary'
import { formatDayTime, formatMoney } from '~/lib/dates'
import { checkoutTotal, expectedParticipantsOf, extraCharges, extrasOf, itemTotal, participantsOf } from '~/machines/checkout/checkout.draft'
import type { Money } from '~/machines/checkout/checkout.types'
import type { StepProps } from './step-props'
import { useCountryOptions } from './use-country-options'

type Props = Omit<StepProps, 'fieldError'> & {
  /** The shop's time zone: the items' start times are shown in it. */
  timeZone: string
}

/**
 * The whole order before the binding click (or the request before it is sent): per item the
 * offer, date and time, variant and quantity, the participants with the extras each chose, the
 * extras as they are charged and what the item costs; then who books, the payment option and the
 * total — the amounts of the checkout's draft (checkoutTotal), no second pricing. "Change" takes
 * the visitor back to the configuration or the contact details, with everything typed kept.
 */
export function OrderReview({ ctx, send, lang, timeZone }: Props) {
  const { t } = useLingui()
  const paymentText = usePaymentMethodText()
  const money = (m: Money) => formatMoney(m.amount, m.currency, lang)
  const request = ctx.mode === 'request'
  const d = ctx.draft
  const total = checkoutTotal(ctx)
  const country = useCountryOptions(lang).find((c) => c.code === d.address.country)?.name ?? d.address.country
  const name = participantName(d.person)
  return (
    <section aria-labelledby="order-review-heading" className="rounded-lg bg-surface p-4 text-on-surface ring-1 ring-black/10" data-testid="order-review">
      <h3 id="order-review-heading" className="text-lg font-semibold">
        {request ? <Trans>Your request</Trans> : <Trans>Your booking</Trans>}
      </h3>
      <ul className="divide-y divide-black/10">
        {ctx.cart.items.map((item) => {
          const participants = participantsOf(ctx, item.id)
          const extras = extrasOf(ctx, item)
          const charges = extraCharges(ctx, item)
          const places = expectedParticipantsOf(item)
          // "2 × CHF 149.00" when the variant's price is per unit (a private start time is one price)
          const perUnit = item.total.amount === item.quantity * item.unitPrice.amount
          const listed = participants
            .map((p, index) => ({ index, name: participantName(p), chosen: extras.filter((e) => p.extras.includes(e.id)) }))
            .filter((p) => p.name || p.chosen.length)
          return (
            <li key={item.id} className="py-3" data-testid="review-item">
              <p className="font-semibold">{item.offerTitle}</p>
              <p>{formatDayTime(item.start, lang, timeZone)}</p>
              <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
                <dt data-testid="review-variant">
                  {item.skuTitle}{' '}
                  <span className="whitespace-nowrap">{perUnit ? quantityAndPrice(item.quantity, money(item.unitPrice)) : null}</span>
                </dt>
                <dd className="text-right">{money(item.total)}</dd>
                {charges.map((charge) => (
                  <Fragment key={charge.extra.id}>
                    <dt data-testid="review-extra">
                      {charge.extra.title} <span className="whitespace-nowrap">{quantityAndPrice(charge.quantity, money(charge.extra.price))}</span>
                    </dt>
                    <dd className="text-right">{money(charge.amount)}</dd>
                  </Fragment>
                ))}
              </dl>
              <p className="mt-2 text-sm font-semibold">
                <Trans>Participants</Trans>
              </p>
              {listed.length ? (
                <ul className="text-sm" data-testid="review-participants">
                  {listed.map((p) => {
                    const number = p.index + 1
                    const who = p.name || t`Participant ${number}`
                    const chosen = p.chosen.map((e) => `${e.title} (${money(e.price)})`).join(', ')
                    return <li key={p.index}>{chosen ? t`${who}: ${chosen}` : who}</li>
                  })}
                </ul>
              ) : null}
              {request && listed.filter((p) => p.name).length < places ? (
                <p className="text-sm" data-testid="review-names-follow">
                  <Plural value={places} one="# participant requested; the name can follow." other="# participants requested; the names can follow." />
                </p>
              ) : null}
              <p className="mt-1 text-right font-semibold" data-testid="review-item-total">
                {money(itemTotal(ctx, item))}
              </p>
            </li>
          )
        })}
      </ul>
      <Button variant="outline" size="sm" onClick={() => send({ type: 'step.goto', step: 'configuration' })}>
        <Trans>Change participants and extras</Trans>
      </Button>

      <h4 className="mt-4 font-semibold">
        <Trans>Contact details</Trans>
      </h4>
      <p className="whitespace-pre-line" data-testid="review-contact">
        {[
          d.customer.type === 'COMPANY' ? d.customer.company : '',
          name,
          d.person.email,
          d.person.phone,
          `${d.address.street} ${d.address.streetNumber}`.trim(),
          `${d.address.postalCode} ${d.address.city}`.trim(),
          country,
        ]
          .map((line) => line.trim())
          .filter(Boolean)
          .join('\n')}
      </p>
      <Button variant="outline" size="sm" className="mt-2" onClick={() => send({ type: 'step.goto', step: 'contact' })}>
        <Trans>Change contact details</Trans>
      </Button>

      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-black/10 pt-3">
        <dt>
          <Trans>Payment</Trans>
        </dt>
        <dd className="text-right" data-testid="review-payment">
          {d.paymentMethod ? paymentText(d.paymentMethod) : <Trans>Not chosen yet</Trans>}
        </dd>
        <dt className="font-semibold">
          <Trans>Total</Trans>
        </dt>
        <dd className="text-right font-semibold" data-testid="review-total">
          {money(total)}
        </dd>
      </dl>
    </section>
  )
}
