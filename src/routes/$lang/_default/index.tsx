import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { parseOfferListSearch } from '~/lib/offer-search'
import { offersQuery, PER_PAGE, type OfferListSearch } from '~/api/offers.queries'
import { pickLabel } from '~/lib/locale'
import { MEDIA_SIZES, mediaSrcSet, mediaUrl } from '~/lib/media'
import { Icon } from '~/components/icon'
import { OfferCard } from '~/components/offers/offer-card'
import { FindAppointment } from '~/components/offers/find-appointment'
import { buttonClass } from '~/components/button'

export const Route = createFileRoute('/$lang/_default/')({
  validateSearch: (search: Record<string, unknown>): OfferListSearch => parseOfferListSearch(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(offersQuery(context.api, context.lang, deps)),
  component: HomePage,
})

function HomePage() {
  const { t } = useLingui()
  const { config, lang, api } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data: result } = useSuspenseQuery(offersQuery(api, lang, search))
  const title = pickLabel(config.labels.title, lang)
  const slogan = pickLabel(config.labels.slogan, lang)
  const filtered = Object.keys(search).some((k) => k !== 'page')
  const pages = Math.max(1, Math.ceil(result.meta.total / PER_PAGE))
  const toggleTag = (slug: string) => {
    const tags = new Set(search.tag ?? [])
    if (tags.has(slug)) tags.delete(slug)
    else tags.add(slug)
    return { ...search, tag: tags.size ? [...tags] : undefined, page: undefined }
  }
  return (
    <main>
      <section className="relative isolate overflow-hidden">
        <img
          src={mediaUrl(config.media.hero, 1024)}
          srcSet={mediaSrcSet(config.media.hero, MEDIA_SIZES.hero)}
          sizes="100vw"
          alt=""
          width={1024}
          height={576}
          fetchPriority="high"
          className="absolute inset-0 -z-10 h-full w-full object-cover"
        />
        <div className="mx-auto max-w-6xl px-4 py-20">
          <h1 className="max-w-2xl rounded bg-surface/90 p-4 text-4xl font-bold text-on-surface">{title}</h1>
          {slogan ? <p className="mt-4 max-w-2xl rounded bg-surface/90 p-4 text-xl text-on-surface">{slogan}</p> : null}
        </div>
      </section>

      <FindAppointment
        filterConfig={config.filterConfig}
        search={search}
        onSearch={(next) => navigate({ search: { ...next, tag: search.tag }, resetScroll: false })}
      />

      <section className="mx-auto max-w-6xl px-4 py-8" aria-labelledby="offers-heading">
        <h2 id="offers-heading" className="text-2xl font-semibold">
          <Trans>Our offers</Trans>
        </h2>
        {config.filterConfig.tags && config.tags.length ? (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t`Filter by topic`}>
            {config.tags.map((tag) => {
              const active = search.tag?.includes(tag.slug) ?? false
              return (
                <li key={tag.slug}>
                  <Link
                    to="."
                    search={toggleTag(tag.slug)}
                    resetScroll={false}
                    aria-pressed={active}
                    role="button"
                    className={`inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 py-1 text-sm ring-1 ${
                      active ? 'bg-primary text-on-primary ring-primary' : 'bg-surface text-on-surface ring-black/15 hover:ring-primary'
                    }`}
                  >
                    <Icon name={tag.icon} className="h-4 w-4" />
                    {pickLabel(tag.label, lang)}
                  </Link>
                </li>
              )
            })}
          </ul>
        ) : null}

        <p className="sr-only" aria-live="polite">
          <Plural value={result.meta.total} one="# offer found" other="# offers found" />
        </p>

        {result.data.length === 0 ? (
          <div className="mt-10 rounded-lg bg-surface p-8 text-center text-on-surface" data-testid="offers-empty">
            {filtered ? (
              <>
                <p className="text-lg">
                  <Trans>No offers match your filters.</Trans>
                </p>
                <Link to="." search={{}} className={buttonClass('outline', 'sm', 'mt-4')}>
                  <Trans>Reset filters</Trans>
                </Link>
              </>
            ) : (
              <p className="text-lg">
                <Trans>There are no offers at the moment. Please come back soon.</Trans>
              </p>
            )}
          </div>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {/* Lazy cover images, all of them: below the hero and the search form they are off screen
                on phones, and loading them early took bandwidth from the hero (the LCP image). */}
            {result.data.map((offer) => (
              <li key={offer.slug} className="flex">
                <OfferCard offer={offer} lang={lang} />
              </li>
            ))}
          </ul>
        )}

        {pages > 1 ? (
          <nav aria-label={t`Pages`} className="mt-8 flex justify-center gap-2">
            {Array.from({ length: pages }, (_, i) => i + 1).map((page) => (
              <Link
                key={page}
                to="."
                search={{ ...search, page: page === 1 ? undefined : page }}
                aria-current={(search.page ?? 1) === page ? 'page' : undefined}
                className={buttonClass((search.page ?? 1) === page ? 'primary' : 'outline', 'sm')}
              >
                <span className="sr-only">{t`Page`} </span>
                {page}
              </Link>
            ))}
          </nav>
        ) : null}
      </section>
    </main>
  )
}
