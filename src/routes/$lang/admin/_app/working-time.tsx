import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { workingTimeSearch } from '~/features/admin/working-time/search'
import { WorkingTimePage } from '~/features/admin/working-time/sheet-page'

const title = msg`Working time`

/** Every member: their own month sheet (managers and owners: anyone's), approval and payroll export (`?month=YYYY-MM&staffId=…`). */
export const Route = createFileRoute('/$lang/admin/_app/working-time')({
  validateSearch: workingTimeSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, location, deps }) => (await import('~/features/admin/working-time/routing')).workingTimePage(context, location.href, deps),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: WorkingTime,
})

function WorkingTime() {
  const { lang } = Route.useRouteContext()
  const page = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const api = useAdminApi(lang)
  const { i18n } = useLingui()
  return (
    <div className="max-w-6xl space-y-6">
      <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
      <WorkingTimePage
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
