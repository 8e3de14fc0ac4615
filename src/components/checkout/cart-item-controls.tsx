import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/button'
import type { CartItem, CheckoutContext, CheckoutError, CheckoutEvent } from '~/machines/checkout/checkout.types'

type Props = {
  item: CartItem
  ctx: CheckoutContext
  send: (event: CheckoutEvent) => void
  /** The server is changing the cart: nothing else is sent meanwhile. */
  busy: boolean
}

/**
 * The visitor's control of one cart item in the checkout (issue 22, point 1): fewer or more
 * (the server moves the hold with it), or remove it (its places are released, its participants
 * leave the form). A refused change says why on the item.
 */
export function CartItemControls({ item, ctx, send, busy }: Props) {
  const { t } = useLingui()
  const refusal = ctx.cartChange?.change.itemId === item.id ? ctx.cartChange.error : null
  const errorId = `cart-change-${item.id}-error`
  // A private start time is one slot: its quantity is not the visitor's to change.
  const quantity = item.skuType !== 'private-service-slot'
  const title = item.offerTitle
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3" data-testid="item-controls">
      {quantity ? (
        <div role="group" aria-label={t`Quantity of ${title}`} aria-describedby={refusal ? errorId : undefined} className="flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={t`One fewer`}
            disabled={busy || item.quantity <= 1}
            onClick={() => send({ type: 'item.quantity', itemId: item.id, quantity: item.quantity - 1 })}
            data-testid="item-quantity-less"
          >
            −
          </Button>
          <span aria-live="polite" data-testid="item-quantity">
            <Trans>Quantity: {item.quantity}</Trans>
          </span>
          <Button
            variant="outline"
            size="sm"
            aria-label={t`One more`}
            disabled={busy || item.quantity >= 50}
            onClick={() => send({ type: 'item.quantity', itemId: item.id, quantity: item.quantity + 1 })}
            data-testid="item-quantity-more"
          >
            +
          </Button>
        </div>
      ) : null}
      <Button variant="outline" size="sm" aria-label={t`Remove ${title} from the cart`} disabled={busy} onClick={() => send({ type: 'item.remove', itemId: item.id })} data-testid="item-remove">
        <Trans>Remove</Trans>
      </Button>
      {refusal ? (
        <p id={errorId} role="alert" className="w-full font-medium text-error" data-testid="cart-change-error">
          <CartChangeErrorText error={refusal} />
        </p>
      ) : null}
    </div>
  )
}

/** Why the server refused a change of the cart, in the visitor's language (its own message is English). */
function CartChangeErrorText({ error }: { error: CheckoutError }) {
  switch (error.code) {
    case 'places.insufficient':
      return <Trans>There are not enough places left on this date for that quantity.</Trans>
    case 'hold.expired':
      return <Trans>The places of this item are no longer held. Remove it and choose the date again.</Trans>
    case 'holds.too_many':
      return <Trans>You are already holding the most places one visitor can hold at once. Please book or remove some first.</Trans>
    case 'session.past':
    case 'session.closed':
    case 'slot.unavailable':
      return <Trans>This date can no longer be booked. Remove the item or choose another date.</Trans>
    case 'validation':
      return <Trans>This quantity is not possible for this offer.</Trans>
    default:
      return <Trans>The cart could not be changed. Please try again.</Trans>
  }
}
