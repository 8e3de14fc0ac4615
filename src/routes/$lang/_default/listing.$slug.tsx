import { createFileRoute, notFound } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import { monthQuery, offerQuery, relatedOffersQuery } from '~/api/offers.queries'
import { parseSlug } from '~/lib/params'
import { pickLabel } from '~/lib/locale'
import { getOfferDescriptionHtml } from '~/functions/rich-text.functions'
import { utcToZonedMonth } from '~/lib/month'
import { Gallery } from '~/components/offers/gallery'
import { OfferCard } from '~/components/offers/offer-card'
import { AvailabilityIndicator } from '~/components/offers/availability-indicator'
import { ContactPanel } from '~/components/offers/contact-panel'
import { BookingPanel } from '~/components/offers/booking-panel'
import { offerJsonLd } from '~/lib/json-ld'
import { Icon } from '~/components/icon'
import { buttonClass } from '~/components/button'

export const Route = createFileRoute('/$lang/_default/listing/$slug')({
  params: { parse: ({ slug }) => ({ slug: parseSlug(slug) }), stringify: ({ slug }) => ({ slug }) },
  /** One round of API calls: the offer, its description, related offers and this month, in parallel. */
  loader: async ({ context, params }) => {
    const { queryClient, api, lang, config } = context
    const month = utcToZonedMonth(new Date(), config.timeZone)
    try {
      const [offer, description] = await Promise.all([
        queryClient.ensureQueryData(offerQuery(api, lang, params.slug)),
        getOfferDescriptionHtml({ data: { slug: params.slug, lang } }),
        queryClient.ensureQueryData(relatedOffersQuery(api, lang, params.slug)),
        queryClient.ensureQueryData(monthQuery(api, params.slug, month)).catch(() => null),
      ])
      return { descriptionHtml: description.html, month, offerTitle: offer.title, json: offerJsonLd(offer, config, lang, context.origin) }
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound({ data: { reason: 'validation' } })
      throw error
    }
  },
  head: ({ loaderData, match }) => {
    const shop = pickLabel(match.context.config.labels.title, match.context.lang)
    // Without an offer (404) the root's title names the error.
    return {
      meta: loaderData?.offerTitle ? [{ title: [loaderData.offerTitle, shop].filter(Boolean).join(' – ') }] : [],
      scripts: loaderData ? [{ type: 'application/ld+json', children: loaderData.json }] : [],
    }
  },
  component: ListingPage,
})

function ListingPage() {
  const { t } = useLingui()
  const { lang, api, config } = Route.useRouteContext()
  const { slug } = Route.useParams()
  const { descriptionHtml, month } = Route.useLoaderData()
  const { data: offer } = useSuspenseQuery(offerQuery(api, lang, slug))
  const { data: related } = useSuspenseQuery(relatedOffersQuery(api, lang, slug))
  const tags = offer.tags.map((s) => config.tags.find((t) => t.slug === s)).filter((x): x is NonNullable<typeof x> => !!x)
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      {offer.preview ? (
        <p role="status" className="mb-6 rounded-md border-2 border-amber-700 bg-amber-50 px-4 py-3 font-semibold text-amber-950">
          <Trans>Preview — not published. Visitors cannot see or book this offer.</Trans>
        </p>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div>
          <h1 className="text-3xl font-bold">{offer.title}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <AvailabilityIndicator availability={offer.availability} kind={offer.kind} />
            {offer.mode === 'request' ? (
              <span className="text-sm">
                <Trans>Booked by request: we confirm availability by e-mail.</Trans>
              </span>
            ) : null}
          </div>
          {offer.preview ? null : (
            // On a phone the booking panel comes after the description: a way straight there.
            <a href="#booking-panel" className={buttonClass('primary', 'md', 'mt-4 lg:hidden')} data-testid="jump-to-booking">
              {offer.mode === 'request' ? <Trans>Choose a date and send a request</Trans> : <Trans>Choose a date and book</Trans>}
            </a>
          )}
          <Gallery images={offer.coverImages} title={offer.title} />
          <p className="mt-6 text-lg">{offer.intro}</p>
          {tags.length ? (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label={t`Tags`}>
              {tags.map((tag) => (
                <li key={tag.slug} className="inline-flex items-center gap-1.5 rounded-full bg-surface px-3 py-1 text-sm text-on-surface ring-1 ring-black/10">
                  <Icon name={tag.icon} className="h-4 w-4" />
                  {pickLabel(tag.label, lang)}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="prose-shop mt-6" data-testid="offer-description" dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
        </div>
        <aside className="space-y-6">
          {offer.preview ? null : <BookingPanel offer={offer} month={month} />}
          <ContactPanel offer={offer} contact={config.contact} lang={lang} />
        </aside>
      </div>
      {related.length ? (
        <section aria-labelledby="more-offers" className="mt-16">
          <h2 id="more-offers" className="text-2xl font-semibold">
            <Trans>More offers</Trans>
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((o) => (
              <li key={o.slug} className="flex">
                <OfferCard offer={o} lang={lang} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  )
}
