import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { sessionsQuery } from '~/api/admin-sessions.queries'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { DatesPage } from '~/features/admin/sessions/dates-page'
import { monthRange } from '~/features/admin/sessions/month'

const title = msg`Dates`

/** Managers: the dates (sessions) of a group activity, month by month (`?month=YYYY-MM`). */
export const Route = createFileRoute('/$lang/admin/_app/offers/$offerId/dates')({
  validateSearch: (search: Record<string, unknown>): { month?: string } => (typeof search.month === 'string' ? { month: search.month } : {}),
  loaderDeps: ({ search }) => ({ month: search.month }),
  loader: async ({ context, location, params, deps }) => (await import('~/features/admin/routing')).offerDatesPage(context, location.href, params.offerId, deps.month),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: OfferDatesPage,
})

function OfferDatesPage() {
  const { lang } = Route.useRouteContext()
  const { offerId } = Route.useParams()
  const page = Route.useLoaderData()
  const navigate = useNavigate({ from: Route.fullPath })
  const adminApi = useAdminApi(lang)
  return (
    <div className="max-w-6xl space-y-6">
      <p>
        <a className="underline" href={`/${lang}/admin/offers/${offerId}`}>
          <Trans>Back to the offer</Trans>
        </a>
      </p>
      {page.kind === 'activity' ? (
        <>
          <Heading offerId={offerId} month={page.month} />
          <DatesPage
            api={adminApi}
            offerId={offerId}
            month={page.month}
            today={page.today}
            lang={lang}
            onMonth={(month) => void navigate({ search: { month }, replace: true })}
          />
        </>
      ) : (
        <p>
          <Trans>This offer is a private service: visitors book its opening hours, not dates.</Trans>
        </p>
      )}
    </div>
  )
}

function Heading(props: { offerId: string; month: string }) {
  const { lang } = Route.useRouteContext()
  const { from, to } = monthRange(props.month)
  const { data } = useSuspenseQuery(sessionsQuery(useAdminApi(lang), props.offerId, from, to))
  const offer = data.offer.title
  return (
    <h1 className="text-3xl font-semibold">
      <Trans>Dates: {offer}</Trans>
    </h1>
  )
}
