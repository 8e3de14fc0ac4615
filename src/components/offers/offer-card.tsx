import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { components } from '~/api/schema.gen'
import { formatMoney } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { MEDIA_SIZES, mediaSrcSet, mediaUrl } from '~/lib/media'
import { AvailabilityIndicator } from './availability-indicator'

type OfferSummary = components['schemas']['OfferSummary']

/** An offer in a grid: image, title, intro, price from, availability. The whole card is one link. */
export function OfferCard({ offer, lang, eager = false }: { offer: OfferSummary; lang: Locale; eager?: boolean }) {
  const price = formatMoney(offer.priceFrom.amount, offer.priceFrom.currency, lang)
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg bg-surface text-on-surface shadow-sm ring-1 ring-black/10" data-testid="offer-card">
      <img
        src={mediaUrl(offer.coverImage ?? 'default', 640)}
        srcSet={mediaSrcSet(offer.coverImage ?? 'default', MEDIA_SIZES.card)}
        sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        alt=""
        width={640}
        height={427}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-[3/2] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-semibold">
          <Link to="/$lang/listing/$slug" params={{ lang, slug: offer.slug }} className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-accent">
            {offer.title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-sm">{offer.intro}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <span className="font-semibold">
            <Trans>from {price}</Trans>
          </span>
          <AvailabilityIndicator availability={offer.availability} kind={offer.kind} />
        </div>
      </div>
    </article>
  )
}
