import { createFileRoute, Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { serviceScheduleHistoryQuery, serviceScheduleQuery } from '~/api/admin-schedules.queries'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { Section } from '~/features/admin/profile/section'
import { ScheduleForm } from '~/features/admin/schedules/schedule-form'
import { HistoryList } from '~/features/admin/settings/history-list'

const title = msg`Opening hours`

/** Managers: the weekly hours, exceptions and slot settings of a private service. */
export const Route = createFileRoute('/$lang/admin/_app/offers/$offerId/hours')({
  loader: async ({ context, location, params }) => (await import('~/features/admin/routing')).serviceHoursPage(context, location.href, params.offerId),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: ServiceHoursPage,
})

function ServiceHoursPage() {
  const { lang } = Route.useRouteContext()
  const { offerId } = Route.useParams()
  const page = Route.useLoaderData()
  return (
    <div className="max-w-5xl space-y-6">
      <p>
        <Link className="underline" to="/$lang/admin/offers/$offerId" params={{ lang, offerId }}>
          <Trans>Back to the offer</Trans>
        </Link>
      </p>
      {page.kind === 'service' ? (
        <Hours offerId={offerId} today={page.today} />
      ) : (
        <GroupActivity offerId={offerId} />
      )}
    </div>
  )
}

function Hours(props: { offerId: string; today: string }) {
  const { lang } = Route.useRouteContext()
  const adminApi = useAdminApi(lang)
  const { data } = useSuspenseQuery(serviceScheduleQuery(adminApi, props.offerId))
  const { data: history } = useSuspenseQuery(serviceScheduleHistoryQuery(adminApi, props.offerId))
  const { t } = useLingui()
  return (
    <>
      <h1 className="text-3xl font-semibold">
        <Trans>Opening hours: {data.title}</Trans>
      </h1>
      <ScheduleForm key={`${lang}-${props.offerId}`} api={adminApi} lang={lang} today={props.today} initial={data} />
      <Section id="hours-history" title={t`Changes`}>
        <HistoryList records={history} lang={lang} timeZone={data.timeZone} />
      </Section>
    </>
  )
}

/** A group activity has dates, not opening hours: say so and lead there. */
function GroupActivity(props: { offerId: string }) {
  const { lang } = Route.useRouteContext()
  const { i18n } = useLingui()
  return (
    <>
      <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
      <p>
        <Trans>This offer is a group activity: visitors book its dates, which you manage with the offer, not opening hours.</Trans>
      </p>
      <p>
        <Link className="underline" to="/$lang/admin/offers/$offerId/dates" params={{ lang, offerId: props.offerId }}>
          <Trans>Go to the dates of this offer</Trans>
        </Link>
      </p>
    </>
  )
}
