import { createFileRoute, Outlet } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { meQuery } from '~/api/admin.queries'
import { useAdminApi } from '~/features/admin/api'
import { AdminShell } from '~/features/admin/shell'
import { AdminErrorScreen } from '~/features/admin/not-authorised'

/**
 * The signed-in part of the staff app: reads the member (`getMe`; during SSR the transport
 * forwards the page request's cookie); signed out, it goes to sign-in and back here afterwards.
 * Each page below calls `signedInPage(context, location.href, role)` of
 * `~/features/admin/routing` (imported dynamically) in its loader and sets
 * `errorComponent: AdminErrorScreen`, so a member below the role gets the 401 page.
 */
export const Route = createFileRoute('/$lang/admin/_app')({
  loader: async ({ context, location }) => {
    await (await import('~/features/admin/routing')).signedInMember(context, location.href)
  },
  errorComponent: AdminErrorScreen,
  component: SignedInLayout,
})

function SignedInLayout() {
  const { config, lang } = Route.useRouteContext()
  const adminApi = useAdminApi(lang)
  const { data: me } = useSuspenseQuery(meQuery(adminApi))
  return (
    <AdminShell config={config} lang={lang} me={me} api={adminApi}>
      <Outlet />
    </AdminShell>
  )
}
