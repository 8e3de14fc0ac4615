import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/button'
import { formatDayTime, formatMoney } from '~/lib/dates'
import { expectedParticipantsOf, extrasOf, itemCompleteness, participantsOf } from '~/machines/checkout/checkout.draft'
import type { StepProps } from './step-props'
import { TextField } from './text-field'

type Props = StepProps & {
  /** The shop's time zone: the items' start times are shown in it. */
  timeZone: string
}

/** Step 1 of the checkout: the participants of every cart item (and their extras). */
export function ParticipantsStep({ ctx, send, lang, fieldError, timeZone }: Props) {
  const { t } = useLingui()
  const cart = ctx.cart
  const completeness = itemCompleteness(ctx)
  const time = (iso: string) => formatDayTime(iso, lang, timeZone)
  return (
    <>
      {cart.items.map((item) => {
        const expected = expectedParticipantsOf(item)
        const participants = participantsOf(ctx, item.id)
        const itemExtras = extrasOf(ctx, item)
        const info = completeness[item.id]
        const itemError = fieldError(`items.${item.id}`) ?? fieldError(`items.${item.id}.participants`)
        return (
          <fieldset key={item.id} className="rounded-lg bg-surface p-4 text-on-surface ring-1 ring-black/10" data-testid="checkout-item">
            <legend className="px-1 text-lg font-semibold">
              {item.offerTitle} – {item.skuTitle}
            </legend>
            <p>{time(item.start)}</p>
            <p className="mt-1 text-sm" aria-live="polite" data-testid="item-progress">
              {info?.complete ? (
                <Trans>All participants are filled in.</Trans>
              ) : (
                <Trans>
                  {info?.filled ?? 0} of {expected} participants filled in. Please add the name of every participant.
                </Trans>
              )}
            </p>
            {itemError ? (
              <p role="alert" className="mt-2 font-medium text-error">
                {itemError}
              </p>
            ) : null}
            <ol className="mt-3 space-y-4">
              {participants.map((p, index) => {
                const base = `items.${item.id}.participants.${index}`
                const id = `${item.id}-${index}`
                return (
                  <li key={index} className="rounded-md border border-black/10 p-3">
                    <p className="font-medium">
                      <Trans>Participant {index + 1}</Trans>
                    </p>
                    <div className="mt-2 grid gap-3 sm:grid-cols-2">
                      <TextField
                        id={`${id}-firstname`}
                        label={t`First name`}
                        value={p.firstname}
                        error={fieldError(`${base}.firstname`)}
                        autoComplete={p.forSelf ? 'given-name' : 'off'}
                        onChange={(value) => send({ type: 'participant.change', itemId: item.id, index, field: 'firstname', value })}
                      />
                      <TextField
                        id={`${id}-surname`}
                        label={t`Surname`}
                        value={p.surname}
                        error={fieldError(`${base}.surname`)}
                        autoComplete={p.forSelf ? 'family-name' : 'off'}
                        onChange={(value) => send({ type: 'participant.change', itemId: item.id, index, field: 'surname', value })}
                      />
                    </div>
                    <label className="mt-2 flex items-center gap-2">
                      <input type="checkbox" checked={!!p.forSelf} onChange={(e) => send({ type: 'participant.forSelf', itemId: item.id, index, value: e.target.checked })} className="h-5 w-5" />
                      <Trans>This is me (I take part myself)</Trans>
                    </label>
                    {itemExtras.length ? (
                      <fieldset className="mt-2">
                        <legend className="text-sm font-medium">
                          <Trans>Extras</Trans>
                        </legend>
                        {itemExtras.map((extra) => (
                          <label key={extra.id} className="mt-1 flex items-center gap-2">
                            <input type="checkbox" className="h-5 w-5" checked={p.extras.includes(extra.id)} onChange={() => send({ type: 'extra.toggle', itemId: item.id, index, extraId: extra.id })} />
                            {extra.title} (+{formatMoney(extra.price.amount, extra.price.currency, lang)})
                          </label>
                        ))}
                      </fieldset>
                    ) : null}
                    {participants.length > 1 ? (
                      <Button variant="ghost" size="sm" className="mt-2" onClick={() => send({ type: 'participant.remove', itemId: item.id, index })}>
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
