import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { offerSettingsQuery, settingsHistoryQuery } from '~/api/admin-settings.queries'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { Section } from '~/features/admin/profile/section'
import { HistoryList } from '~/features/admin/settings/history-list'
import { OfferSettingsForm } from '~/features/admin/settings/offers/offer-settings-form'
import { shopTimeZone } from '~/lib/shop-settings'

const title = msg`Offers and activities`

/** Managers: the shop's tags (names, icons) and the filters of its offer overview. */
export const Route = createFileRoute('/$lang/admin/_app/settings/offers')({
  loader: async ({ context, location }) => (await import('~/features/admin/routing')).offerSettingsPage(context, location.href),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: OfferSettingsPage,
})

function OfferSettingsPage() {
  const { lang, config } = Route.useRouteContext()
  const adminApi = useAdminApi(lang)
  const { data } = useSuspenseQuery(offerSettingsQuery(adminApi))
  const { data: history } = useSuspenseQuery(settingsHistoryQuery(adminApi))
  const { t, i18n } = useLingui()
  const languages = config.languages.length ? config.languages : (['de'] as const)
  return (
    <div className="max-w-5xl space-y-6">
      <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
      <OfferSettingsForm key={lang} api={adminApi} lang={lang} languages={[...languages]} initial={data} />
      <Section id="settings-history" title={t`Changes`}>
        <HistoryList records={history} lang={lang} timeZone={shopTimeZone(config)} />
      </Section>
    </div>
  )
}
