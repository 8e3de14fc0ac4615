import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useAdminApi } from '~/features/admin/api'
import { MySessionsPage } from '~/features/admin/my-sessions/my-sessions-page'
import { AdminErrorScreen } from '~/features/admin/not-authorised'

const title = msg`My sessions`

/** Every member: their own dates of the next 14 days with the participants, for a phone; readable offline once loaded. */
export const Route = createFileRoute('/$lang/admin/_app/my-sessions')({
  loader: async ({ context, location }) => (await import('~/features/admin/my-sessions/routing')).mySessionsPage(context, location.href),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: MySessions,
})

function MySessions() {
  const { lang } = Route.useRouteContext()
  const { staffId } = Route.useLoaderData()
  const api = useAdminApi(lang)
  const { i18n } = useLingui()
  return (
    <div className="max-w-2xl min-w-0 space-y-6">
      <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
      <MySessionsPage api={api} lang={lang} staffId={staffId} />
    </div>
  )
}
