import { createFileRoute, Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { dashboardQuery } from '~/api/admin-dashboard.queries'
import { useAdminApi } from '~/features/admin/api'
import { DashboardView } from '~/features/admin/dashboard/dashboard'
import { navigationFor } from '~/features/admin/navigation'

const title = msg`Dashboard`

/** The start page: the dashboard of the member's role, then the groups the role can use, each with what it is for. */
export const Route = createFileRoute('/$lang/admin/_app/')({
  loader: async ({ context, location }) => (await import('~/features/admin/dashboard/routing')).startPage(context, location.href),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  component: StartPage,
})

function StartPage() {
  const { lang } = Route.useRouteContext()
  const { me } = Route.useLoaderData()
  const adminApi = useAdminApi(lang)
  const dashboard = useQuery(dashboardQuery(adminApi, lang))
  const { t, i18n } = useLingui()
  const name = me.member.name
  const groups = navigationFor(me.member.role)
  return (
    <div className="max-w-6xl">
      <h1 className="text-3xl font-semibold">
        <Trans>Welcome, {name}</Trans>
      </h1>
      <div className="mt-6">
        {dashboard.data ? (
          <DashboardView data={dashboard.data} lang={lang} />
        ) : dashboard.isError ? (
          <p role="alert" className="rounded-lg border border-error p-4 font-medium text-error">
            <Trans>The dashboard could not be loaded. Please reload the page.</Trans>
          </p>
        ) : (
          <p role="status">
            <Trans>Loading the dashboard…</Trans>
          </p>
        )}
      </div>
      <nav aria-labelledby="start-areas" className="mt-10">
        <h2 id="start-areas" className="text-xl font-semibold">
          {t`Areas of the staff app`}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="admin-groups">
          {groups.flatMap((group) =>
            group.entries.filter((entry) => entry.path !== '').map((entry) => (
              <li key={entry.path} className="rounded-lg border border-gray-300 p-3">
                <h3 className="font-semibold">
                  <Link to={`/$lang/admin${entry.path}` as '/$lang/admin'} params={{ lang }} className="underline">
                    {i18n._(entry.label)}
                  </Link>
                </h3>
                <p className="mt-1 text-sm">{i18n._(entry.description)}</p>
              </li>
            )),
          )}
          <li className="rounded-lg border border-gray-300 p-3">
            <h3 className="font-semibold">
              <Link to="/$lang/admin/profile" params={{ lang }} className="underline">
                <Trans>My profile</Trans>
              </Link>
            </h3>
            <p className="mt-1 text-sm">
              <Trans>Your name, language, password, e-mail address, phone number and sessions.</Trans>
            </p>
          </li>
        </ul>
      </nav>
    </div>
  )
}
