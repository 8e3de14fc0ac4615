import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useAdminApi } from '~/features/admin/api'
import { AvailabilityPage } from '~/features/admin/availability/availability-page'
import { availabilitySearch } from '~/features/admin/availability/search'
import { AdminErrorScreen } from '~/features/admin/not-authorised'

const title = msg`Availability`

/** Every member: their own availability (managers and owners: anyone's), month by month, with the weekly pattern (`?month=YYYY-MM&staffId=…`). */
export const Route = createFileRoute('/$lang/admin/_app/planning/availability')({
  validateSearch: availabilitySearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, location, deps }) => (await import('~/features/admin/availability/routing')).availabilityPage(context, location.href, deps),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: Availability,
})

function Availability() {
  const { lang } = Route.useRouteContext()
  const page = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const api = useAdminApi(lang)
  const { i18n } = useLingui()
  return (
    <div className="max-w-6xl space-y-6">
      <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
      <AvailabilityPage
        api={api}
        lang={lang}
        today={page.today}
        month={page.month}
        query={page.query}
        role={page.role}
        meId={page.meId}
        onMonth={(month) => void navigate({ search: { ...search, month }, replace: true })}
        onMember={(staffId) => void navigate({ search: { ...(search.month ? { month: search.month } : {}), ...(staffId ? { staffId } : {}) } })}
      />
    </div>
  )
}
