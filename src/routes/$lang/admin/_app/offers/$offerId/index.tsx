import { createFileRoute, Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { shopOfferQuery, shopOffersQuery } from '~/api/admin-offers.queries'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { OfferForm } from '~/features/admin/offers/editor/offer-form'
import { useOfferLabels } from '~/features/admin/offers/status-label'
import { Section } from '~/features/admin/profile/section'
import { HistoryList } from '~/features/admin/settings/history-list'
import { pickLabel } from '~/lib/locale'
import { shopCurrency, shopTimeZone } from '~/lib/shop-settings'

const title = msg`Edit offer`

/** Managers: one offer's texts, images, variants, extras, location and status, with its history. */
export const Route = createFileRoute('/$lang/admin/_app/offers/$offerId/')({
  loader: async ({ context, location, params }) => (await import('~/features/admin/offers/routing')).offerPage(context, location.href, params.offerId),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: OfferEditorPage,
})

function OfferEditorPage() {
  const { lang, config } = Route.useRouteContext()
  const { offerId } = Route.useParams()
  const adminApi = useAdminApi(lang)
  const { data: offer } = useSuspenseQuery(shopOfferQuery(adminApi, offerId))
  const { data: all } = useSuspenseQuery(shopOffersQuery(adminApi))
  const { t } = useLingui()
  const labels = useOfferLabels()
  const languages = config.languages.length ? [...config.languages] : (['de'] as const)
  const name = pickLabel(offer.content.title, lang) || offer.content.slug
  const link = 'underline min-h-11 inline-flex items-center'
  return (
    <div className="max-w-5xl space-y-6">
      <p>
        <Link to="/$lang/admin/offers" params={{ lang }} className="underline">
          {t`All offers`}
        </Link>
      </p>
      <h1 className="text-3xl font-semibold">{name}</h1>
      <p>
        {labels.kind[offer.kind]} · {labels.status[offer.status]}
      </p>
      <nav aria-label={t`This offer`}>
        <ul className="flex flex-wrap gap-x-6">
          <li>
            {/* The visitor page: a draft shows there as a preview to signed-in staff only. */}
            <a className={link} href={`/${lang}/listing/${offer.content.slug}`} target="_blank" rel="noreferrer">
              {offer.status === 'published' ? t`View on the shop (opens a new tab)` : t`Preview (opens a new tab)`}
            </a>
          </li>
          <li>
            {offer.kind === 'activity' ? (
              <a className={link} href={`/${lang}/admin/offers/${offer.id}/dates`}>
                {t`Dates`}
              </a>
            ) : (
              <a className={link} href={`/${lang}/admin/offers/${offer.id}/hours`}>
                {t`Opening hours`}
              </a>
            )}
          </li>
        </ul>
      </nav>
      <OfferForm key={offer.id} api={adminApi} lang={lang} offer={offer} languages={[...languages]} currency={shopCurrency(config)} tags={config.tags} others={all.filter((o) => o.id !== offer.id)} />
      <Section id="offer-history" title={t`Changes`}>
        <HistoryList records={offer.history} lang={lang} timeZone={shopTimeZone(config)} />
      </Section>
    </div>
  )
}
