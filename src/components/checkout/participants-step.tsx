import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/button'
import { formatDayTime, formatMoney } from '~/lib/dates'
import { expectedParticipantsOf, extrasOf, itemCompleteness, participantsOf } from '~/machines/checkout/checkout.draft'
import { itemFieldId, participantFieldId } from './field-ids'
import { useFieldLabels } from './field-labels'
import type { StepProps } from './step-props'
import { TextField } from './text-field'
import { TimeZoneNote } from '~/components/time-zone-note'
import { CartItemControls } from './cart-item-controls'

type Props = StepProps & {
  /** The shop's time zone: the items' start times are shown in it. */
  timeZone: string
  /** The visitor may remove items and change quantities (the app can change the cart). */
  cartControls?: boolean
  /** A change of the cart is under way. */
  changingCart?: boolean
  /** "Choose another date" for an item the server refused: it leaves the cart, the visitor goes to its offer. */
  onAnotherDate?: (itemId: string, offer: string) => void
}

/**
 * Step 1 of the checkout: the participants of every cart item (and their extras). An order needs
 * every participant's name; a request only the number of places (the cart's), names are optional.
 */
export function ParticipantsStep({ ctx, send, lang, fieldError, timeZone, cartControls = false, changingCart = false, onAnotherDate }: Props) {
  const { t } = useLingui()
  const labels = useFieldLabels()
  const cart = ctx.cart
  const request = ctx.mode === 'request'
  const completeness = itemCompleteness(ctx)
  const time = (iso: string) => formatDayTime(iso, lang, timeZone)
  return (
    <>
      {cart.items.map((item) => {
        const expected = expectedParticipantsOf(item)
        const participants = participantsOf(ctx, item.id)
        const itemExtras = extrasOf(ctx, item)
        const info = completeness[item.id]
        // The server refused the item itself (its date is full or gone): another date, or remove it.
        const refused = fieldError(`items.${item.id}`)
        const itemError = refused ?? fieldError(`items.${item.id}.participants`)
        const itemId = itemFieldId(item.id)
        const filled = info?.filled ?? 0
        return (
          <fieldset
            key={item.id}
            id={itemId}
            tabIndex={-1}
            aria-describedby={itemError ? `${itemId}-error` : undefined}
            className="rounded-lg bg-surface p-4 text-on-surface ring-1 ring-black/10"
            data-testid="checkout-item"
          >
            <legend className="px-1 text-lg font-semibold">
              {item.offerTitle} – {item.skuTitle}
            </legend>
            <p>{time(item.start)}</p>
            <TimeZoneNote timeZone={timeZone} />
            {cartControls ? <CartItemControls item={item} ctx={ctx} send={send} busy={changingCart} /> : null}
            <p className="mt-1 text-sm" aria-live="polite" data-testid="item-progress">
              {request ? (
                <Trans>
                  Names are optional for a request ({filled} of {expected} given): you can also tell us later.
                </Trans>
              ) : info?.complete ? (
                <Trans>All participants are filled in.</Trans>
              ) : (
                <Trans>
                  {info?.filled ?? 0} of {expected} participants filled in. Please add the name of every participant.
                </Trans>
              )}
            </p>
            {itemError ? (
              <p id={`${itemId}-error`} className="mt-2 font-medium text-error">
                {itemError}
              </p>
            ) : null}
            {refused && onAnotherDate ? (
              <p className="mt-2 flex flex-wrap items-center gap-2">
                <Button variant="outline" size="sm" disabled={changingCart} onClick={() => onAnotherDate(item.id, item.offer)} data-testid="item-another-date">
                  <Trans>Choose another date</Trans>
                </Button>
                <span className="text-sm">
                  <Trans>This item leaves the cart; the rest of your cart stays as it is.</Trans>
                </span>
              </p>
            ) : null}
            <ol className="mt-3 space-y-4">
              {participants.map((p, index) => {
                const base = `items.${item.id}.participants.${index}`
                const id = (part: 'firstname' | 'surname' | 'forSelf' | 'extras') => participantFieldId(item.id, index, part)
                const forSelfError = fieldError(`${base}.forSelf`)
                const extrasError = fieldError(`${base}.extras`)
                return (
                  <li key={index} className="rounded-md border border-black/10 p-3">
                    <fieldset>
                      <legend className="font-medium">
                        <Trans>Participant {index + 1}</Trans>
                      </legend>
                      <div className="mt-2 grid gap-3 sm:grid-cols-2">
                        <TextField
                          id={id('firstname')}
                          label={t`First name`}
                          accessibleName={labels.participant('firstname', index + 1)}
                          required={!request}
                          value={p.firstname}
                          error={fieldError(`${base}.firstname`)}
                          autoComplete={p.forSelf ? 'given-name' : 'off'}
                          onChange={(value) => send({ type: 'participant.change', itemId: item.id, index, field: 'firstname', value })}
                        />
                        <TextField
                          id={id('surname')}
                          label={t`Surname`}
                          accessibleName={labels.participant('surname', index + 1)}
                          required={!request}
                          value={p.surname}
                          error={fieldError(`${base}.surname`)}
                          autoComplete={p.forSelf ? 'family-name' : 'off'}
                          onChange={(value) => send({ type: 'participant.change', itemId: item.id, index, field: 'surname', value })}
                        />
                      </div>
                      <label className="mt-2 flex items-center gap-2">
                        <input
                          id={id('forSelf')}
                          type="checkbox"
                          checked={!!p.forSelf}
                          onChange={(e) => send({ type: 'participant.forSelf', itemId: item.id, index, value: e.target.checked })}
                          aria-invalid={forSelfError ? true : undefined}
                          aria-describedby={forSelfError ? `${id('forSelf')}-error` : undefined}
                          className="h-5 w-5"
                        />
                        <Trans>This is me (I take part myself)</Trans>
                      </label>
                      {forSelfError ? (
                        <p id={`${id('forSelf')}-error`} className="mt-1 text-sm font-medium text-error">
                          {forSelfError}
                        </p>
                      ) : null}
                      {itemExtras.length ? (
                        <fieldset id={id('extras')} tabIndex={-1} className="mt-2" aria-describedby={extrasError ? `${id('extras')}-error` : undefined}>
                          <legend className="text-sm font-medium">
                            <Trans>Extras</Trans>
                          </legend>
                          {itemExtras.map((extra) => (
                            <label key={extra.id} className="mt-1 flex items-center gap-2">
                              <input type="checkbox" className="h-5 w-5" checked={p.extras.includes(extra.id)} onChange={() => send({ type: 'extra.toggle', itemId: item.id, index, extraId: extra.id })} />
                              {extra.title} (+{formatMoney(extra.price.amount, extra.price.currency, lang)})
                            </label>
                          ))}
                          {extrasError ? (
                            <p id={`${id('extras')}-error`} className="mt-1 text-sm font-medium text-error">
                              {extrasError}
                            </p>
                          ) : null}
                        </fieldset>
                      ) : null}
                    </fieldset>
                    {participants.length > 1 ? (
                      <Button variant="outline" size="sm" className="mt-2" onClick={() => send({ type: 'participant.remove', itemId: item.id, index })}>
                        <Trans>Remove participant {index + 1}</Trans>
                      </Button>
                    ) : null}
                  </li>
                )
              })}
            </ol>
            {participants.length < expected ? (
              <Button variant="outline" size="sm" className="mt-3" onClick={() => send({ type: 'participant.add', itemId: item.id })}>
                <Trans>Add participant</Trans>
              </Button>
            ) : null}
          </fieldset>
        )
      })}
    </>
  )
}
