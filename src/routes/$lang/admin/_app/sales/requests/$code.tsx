import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { staffRequestQuery } from '~/api/admin-requests.queries'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { RequestDetail } from '~/features/admin/requests/request-detail'
import { shopTimeZone } from '~/lib/shop-settings'

const title = msg`Request`

/** Managers: one request, to read and answer; opening it marks it seen (an explicit call from the page). */
export const Route = createFileRoute('/$lang/admin/_app/sales/requests/$code')({
  loader: async ({ context, location, params }) => (await import('~/features/admin/requests/routing')).requestPage(context, location.href, params.code),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: RequestPage,
})

function RequestPage() {
  const { lang, config } = Route.useRouteContext()
  const { code } = Route.useParams()
  const adminApi = useAdminApi(lang)
  const { data } = useSuspenseQuery(staffRequestQuery(adminApi, code))
  return (
    <div className="max-w-4xl">
      <RequestDetail key={code} request={data} api={adminApi} lang={lang} timeZone={shopTimeZone(config)} />
    </div>
  )
}
