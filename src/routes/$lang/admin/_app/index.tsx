import { createFileRoute, Link } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { navigationFor } from '~/features/admin/navigation'

const title = msg`Start page`

/** The start page: the groups the member's role can use, each with what it is for. */
export const Route = createFileRoute('/$lang/admin/_app/')({
  loader: async ({ context, location }) => ({ me: await (await import('~/features/admin/routing')).signedInPage(context, location.href) }),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  component: StartPage,
})

function StartPage() {
  const { lang } = Route.useRouteContext()
  const { me } = Route.useLoaderData()
  const { i18n } = useLingui()
  const name = me.member.name
  const groups = navigationFor(me.member.role)
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-semibold">
        <Trans>Welcome, {name}</Trans>
      </h1>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2" data-testid="admin-groups">
        {groups.flatMap((group) =>
          group.entries.map((entry) => (
            <li key={entry.path} className="rounded-lg border border-gray-300 p-4">
              <h2 className="text-lg font-semibold">
                <Link to={`/$lang/admin${entry.path}` as '/$lang/admin'} params={{ lang }} className="underline">
                  {i18n._(entry.label)}
                </Link>
              </h2>
              <p className="mt-1">{i18n._(entry.description)}</p>
            </li>
          )),
        )}
        <li className="rounded-lg border border-gray-300 p-4">
          <h2 className="text-lg font-semibold">
            <Link to="/$lang/admin/profile" params={{ lang }} className="underline">
              <Trans>My profile</Trans>
            </Link>
          </h2>
          <p className="mt-1">
            <Trans>Your name, language, password, e-mail address, phone number and sessions.</Trans>
          </p>
        </li>
      </ul>
    </div>
  )
}
