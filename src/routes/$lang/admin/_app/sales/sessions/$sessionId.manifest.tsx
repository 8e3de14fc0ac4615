import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { sessionManifestQuery } from '~/api/admin-booking-detail.queries'
import { useAdminApi } from '~/features/admin/api'
import { ManifestPage } from '~/features/admin/bookings/manifest/manifest-page'
import { AdminErrorScreen } from '~/features/admin/not-authorised'

const title = msg`Participants`

/** Managers: the participants of one session, printable and as CSV. */
export const Route = createFileRoute('/$lang/admin/_app/sales/sessions/$sessionId/manifest')({
  loader: async ({ context, location, params }) => (await import('~/features/admin/bookings/detail/routing')).manifestPage(context, location.href, params.sessionId),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: ManifestRoute,
})

function ManifestRoute() {
  const { lang } = Route.useRouteContext()
  const { sessionId } = Route.useParams()
  const adminApi = useAdminApi(lang)
  const { data } = useSuspenseQuery(sessionManifestQuery(adminApi, sessionId))
  return (
    <div className="max-w-6xl">
      <ManifestPage manifest={data} sessionId={sessionId} lang={lang} />
    </div>
  )
}
