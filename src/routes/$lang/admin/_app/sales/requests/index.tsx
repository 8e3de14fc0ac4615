import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { staffRequestsQuery, type RequestListSearch } from '~/api/admin-requests.queries'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { RequestList } from '~/features/admin/requests/request-list'
import { definedOnly, laterPage, oneOf, text } from '~/lib/search-params'
import { shopTimeZone } from '~/lib/shop-settings'

const title = msg`Requests`

/** The search of the inbox: `status` open/answered, `q` (code, name, e-mail), `page`; anything else is dropped. */
function validateSearch(search: Record<string, unknown>): RequestListSearch {
  return definedOnly({ status: oneOf(['open', 'answered'] as const, search.status), q: text(search.q, 100), page: laterPage(search.page) })
}

/** Managers: the requests inbox, unseen first. */
export const Route = createFileRoute('/$lang/admin/_app/sales/requests/')({
  validateSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, location, deps }) => (await import('~/features/admin/requests/routing')).requestsPage(context, location.href, deps),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: RequestsPage,
})

function RequestsPage() {
  const { lang, config } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const adminApi = useAdminApi(lang)
  const { data } = useSuspenseQuery(staffRequestsQuery(adminApi, search))
  const { i18n } = useLingui()
  return (
    <div className="max-w-6xl space-y-6">
      <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
      <RequestList
        page={data}
        lang={lang}
        timeZone={shopTimeZone(config)}
        search={search}
        onSearch={(q) => void navigate({ search: { ...(search.status ? { status: search.status } : {}), ...(q ? { q } : {}) } })}
      />
    </div>
  )
}
