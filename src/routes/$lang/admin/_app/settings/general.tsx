import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { generalSettingsQuery, settingsHistoryQuery } from '~/api/admin-settings.queries'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { Section } from '~/features/admin/profile/section'
import { DomainsSection } from '~/features/admin/settings/domains-section'
import { GeneralForm } from '~/features/admin/settings/general/general-form'
import { HistoryList } from '~/features/admin/settings/history-list'

const title = msg`General settings`

/** Owners: the shop's texts, languages, images, colours, contact, legal texts, booking rules and embedding. */
export const Route = createFileRoute('/$lang/admin/_app/settings/general')({
  loader: async ({ context, location }) => (await import('~/features/admin/routing')).settingsPage(context, location.href),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: GeneralSettingsPage,
})

function GeneralSettingsPage() {
  const { lang } = Route.useRouteContext()
  const adminApi = useAdminApi(lang)
  const { data } = useSuspenseQuery(generalSettingsQuery(adminApi))
  const { data: history } = useSuspenseQuery(settingsHistoryQuery(adminApi))
  const { t, i18n } = useLingui()
  return (
    <div className="max-w-5xl space-y-6">
      <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
      <GeneralForm key={lang} api={adminApi} lang={lang} initial={data} />
      <DomainsSection api={adminApi} />
      <Section id="settings-history" title={t`Changes`}>
        <HistoryList records={history} lang={lang} timeZone={data.settings.timeZone} />
      </Section>
    </div>
  )
}
