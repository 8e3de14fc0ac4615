import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { parseOfferListSearch } from '~/lib/offer-search'
import { offersQuery, PER_PAGE, type OfferListSearch } from '~/api/offers.queries'
import { pageTitle } from '~/lib/page-title'
import { embedSearchOf } from '~/features/embed/frame-config'
import { FindAppointment } from '~/components/offers/find-appointment'
import { EmbedOfferCard } from '~/features/embed/embed-parts'
import { Button } from '~/components/button'

const title = msg`Find an appointment`
/** The search widget: the search form and its results; "Book" opens the booking widget in the frame. */
export const Route = createFileRoute('/$lang/_embedded/embed/v1/search')({
  validateSearch: (search: Record<string, unknown>): OfferListSearch => parseOfferListSearch(search),
  loaderDeps: ({ search }) => ({ from: search.from, to: search.to, type: search.type, q: search.q, page: search.page }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(offersQuery(context.api, context.lang, strip(deps))),
  head: ({ match }) => pageTitle(match.context.config, match.context.lang, title, { noindex: true }),
  component: SearchWidget,
})

function strip(search: OfferListSearch): OfferListSearch {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as OfferListSearch
}

function SearchWidget() {
  const { t } = useLingui()
  const all = Route.useSearch()
  const { api, lang, config } = Route.useRouteContext()
  const navigate = useNavigate({ from: Route.fullPath })
  const frame = embedSearchOf(all)
  const search = strip({ from: all.from, to: all.to, type: all.type, q: all.q, page: all.page })
  const { data: result } = useSuspenseQuery(offersQuery(api, lang, search))
  const page = search.page ?? 1
  const shown = page * PER_PAGE
  return (
    // Named: the host page has a main of its own (axe landmark-unique).
    <main aria-label={t`Find an appointment`}>
      <FindAppointment
        filterConfig={{ ...config.filterConfig, text: true }}
        search={search}
        onSearch={(next) => navigate({ search: { ...frame, ...strip(next) }, resetScroll: false })}
        className=""
      />
      <section aria-labelledby="results" className="mt-4" aria-live="polite">
        <h2 id="results" className="sr-only">
          <Trans>Results</Trans>
        </h2>
        {result.data.length === 0 ? (
          <p className="rounded-lg bg-surface p-4 text-on-surface ring-1 ring-black/10" data-testid="embed-no-results">
            <Trans>No offers match your filters.</Trans>
          </p>
        ) : (
          <ul className="grid gap-3">
            {result.data.map((offer) => (
              <li key={offer.slug}>
                <EmbedOfferCard offer={offer} lang={lang} frame={frame} />
              </li>
            ))}
          </ul>
        )}
        {page > 1 || result.meta.total > shown ? (
          <nav aria-label={t`Pages`} className="mt-3 flex gap-3">
            {page > 1 ? (
              <Button variant="outline" size="sm" onClick={() => navigate({ search: { ...frame, ...search, page: page - 1 === 1 ? undefined : page - 1 }, resetScroll: false })}>
                <Trans>Previous page</Trans>
              </Button>
            ) : null}
            {result.meta.total > shown ? (
              <Button variant="outline" size="sm" onClick={() => navigate({ search: { ...frame, ...search, page: page + 1 }, resetScroll: false })}>
                <Trans>Next page</Trans>
              </Button>
            ) : null}
          </nav>
        ) : null}
      </section>
    </main>
  )
}
