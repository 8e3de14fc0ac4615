import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { components } from '~/api/schema.gen'
import { formatMoney } from '~/lib/dates'
import { embedSearchOf, hides, type EmbedSearch } from './frame-config'
import type { Locale } from '~/lib/locale'
import { MEDIA_SIZES, mediaUrl } from '~/lib/media'
import { AvailabilityIndicator } from '~/components/offers/availability-indicator'
import { buttonClass } from '~/components/button'

type OfferSummary = components['schemas']['OfferSummary']
type OfferDetail = components['schemas']['OfferDetail']

/** The lowest price of an offer's variants. */
export function priceFrom(offer: OfferDetail) {
  const prices = offer.skus.map((s) => s.price)
  const lowest = prices.reduce((a, b) => (b.amount < a.amount ? b : a), prices[0] ?? { amount: 0, currency: 'CHF' })
  return lowest
}

/** The offer's head inside a frame: title, availability, a picture and the intro, as configured. */
export function EmbedOfferHeader({ offer, lang, frame, level = 1 }: { offer: OfferDetail; lang: Locale; frame: EmbedSearch; level?: 1 | 2 }) {
  if (hides(frame, 'header')) return null
  const Heading = level === 1 ? 'h1' : 'h2'
  const image = offer.coverImages[0]
  const lowest = priceFrom(offer)
  const price = formatMoney(lowest.amount, lowest.currency, lang)
  return (
    <header className="mb-4 flex gap-4">
      {image && !hides(frame, 'images') ? (
        <img src={mediaUrl(image, MEDIA_SIZES.widget)} alt="" width={160} height={107} className="aspect-[3/2] w-32 shrink-0 rounded-md object-cover sm:w-40" />
      ) : null}
      <div className="min-w-0">
        <Heading className="text-xl font-bold">{offer.title}</Heading>
        <div className="mt-1 flex flex-wrap items-center gap-3 text-sm">
          <AvailabilityIndicator availability={offer.availability} kind={offer.kind} />
          <span className="font-semibold">
            <Trans>from {price}</Trans>
          </span>
        </div>
        {!hides(frame, 'description') ? <p className="mt-2 text-sm">{offer.intro}</p> : null}
      </div>
    </header>
  )
}

/** An offer in the search widget's results: its "Book" leads to the booking widget in the same frame. */
export function EmbedOfferCard({ offer, lang, frame }: { offer: OfferSummary; lang: Locale; frame: EmbedSearch }) {
  const price = formatMoney(offer.priceFrom.amount, offer.priceFrom.currency, lang)
  const title = offer.title
  return (
    <article className="flex gap-4 rounded-lg bg-surface p-3 text-on-surface ring-1 ring-black/10" data-testid="embed-offer">
      {!hides(frame, 'images') ? (
        <img src={mediaUrl(offer.coverImage ?? 'default', MEDIA_SIZES.widget)} alt="" width={128} height={85} loading="lazy" decoding="async" className="aspect-[3/2] w-28 shrink-0 rounded-md object-cover" />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-semibold">{offer.title}</h3>
        {!hides(frame, 'description') ? <p className="line-clamp-2 text-sm">{offer.intro}</p> : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <span className="text-sm font-semibold">
            <Trans>from {price}</Trans>
          </span>
          <AvailabilityIndicator availability={offer.availability} kind={offer.kind} />
          <Link to="/$lang/embed/v1/booking/$slug" params={{ lang, slug: offer.slug }} search={embedSearchOf(frame)} className={buttonClass('primary', 'sm')}>
            {offer.availability.status === 'UPON_REQUEST' ? <Trans>Request {title}</Trans> : <Trans>Book {title}</Trans>}
          </Link>
        </div>
      </div>
    </article>
  )
}
