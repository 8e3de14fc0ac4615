import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import { offerQuery } from '~/api/offers.queries'
import { parseSlug } from '~/lib/params'
import { pageTitle } from '~/lib/page-title'
import { embedSearchOf, hides } from '~/features/embed/frame-config'
import { formatMoney } from '~/lib/dates'
import { MEDIA_SIZES, mediaSrcSet, mediaUrl } from '~/lib/media'
import { AvailabilityIndicator } from '~/components/offers/availability-indicator'
import { priceFrom } from '~/features/embed/embed-parts'
import { buttonClass } from '~/components/button'

/** The listing widget: one offer, compact, with a way to book it in the same frame. */
export const Route = createFileRoute('/$lang/_embedded/embed/v1/listing/$slug')({
  params: { parse: ({ slug }) => ({ slug: parseSlug(slug) }), stringify: ({ slug }) => ({ slug }) },
  loader: async ({ context, params }) => {
    try {
      const offer = await context.queryClient.ensureQueryData(offerQuery(context.api, context.lang, params.slug))
      return { offerTitle: offer.title }
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound({ data: { reason: 'validation' } })
      throw error
    }
  },
  head: ({ loaderData, match }) => pageTitle(match.context.config, match.context.lang, loaderData?.offerTitle ?? '', { noindex: true }),
  component: ListingWidget,
})

function ListingWidget() {
  const { slug } = Route.useParams()
  const { api, lang } = Route.useRouteContext()
  const frame = embedSearchOf(Route.useSearch())
  const { data: offer } = useSuspenseQuery(offerQuery(api, lang, slug))
  const image = offer.coverImages[0]
  const lowest = priceFrom(offer)
  const price = formatMoney(lowest.amount, lowest.currency, lang)
  const request = offer.mode === 'request'
  return (
    // Named: the host page has a main of its own (axe landmark-unique).
    <main aria-label={offer.title}>
      <article className="overflow-hidden rounded-lg bg-surface text-on-surface shadow-sm ring-1 ring-black/10" data-testid="embed-listing">
        {image && !hides(frame, 'images') ? (
          <img
            src={mediaUrl(image, 640)}
            srcSet={mediaSrcSet(image, MEDIA_SIZES.card)}
            sizes="100vw"
            alt=""
            width={640}
            height={427}
            className="aspect-[3/2] max-h-72 w-full object-cover"
          />
        ) : null}
        <div className="flex flex-col gap-2 p-4">
          {!hides(frame, 'header') ? <h1 className="text-xl font-bold">{offer.title}</h1> : null}
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <AvailabilityIndicator availability={offer.availability} kind={offer.kind} />
            <span className="font-semibold">
              <Trans>from {price}</Trans>
            </span>
          </div>
          {!hides(frame, 'description') ? <p>{offer.intro}</p> : null}
          <div className="pt-2">
            <Link to="/$lang/embed/v1/booking/$slug" params={{ lang, slug }} search={frame} className={buttonClass('primary', 'md')} data-testid="embed-book">
              {request ? <Trans>Send a request</Trans> : <Trans>Book now</Trans>}
            </Link>
          </div>
        </div>
      </article>
    </main>
  )
}
