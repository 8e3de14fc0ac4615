import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { PlanningBoardPage } from '~/features/admin/planning/board-page'
import { planningSearch } from '~/features/admin/planning/search'

const title = msg`Planning board`

/** Managers: the dates of a week or a day with their guides, the staff's availability; assign and remove guides (`?view=day&day=YYYY-MM-DD`). */
export const Route = createFileRoute('/$lang/admin/_app/planning/board')({
  validateSearch: planningSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, location, deps }) => (await import('~/features/admin/planning/routing')).planningBoardPage(context, location.href, deps),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: PlanningBoard,
})

function PlanningBoard() {
  const { lang } = Route.useRouteContext()
  const page = Route.useLoaderData()
  const api = useAdminApi(lang)
  const { i18n } = useLingui()
  return (
    <div className="max-w-[120rem] space-y-6">
      <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
      <PlanningBoardPage api={api} lang={lang} view={page.view} day={page.day} today={page.today} days={page.days} />
    </div>
  )
}
