import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { customersQuery } from '~/api/admin-customers.queries'
import { useAdminApi } from '~/features/admin/api'
import { CustomerList } from '~/features/admin/customers/customer-list'
import { validateCustomerSearch } from '~/features/admin/customers/search'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { shopTimeZone } from '~/lib/shop-settings'

const title = msg`Customers`

/** Managers: the CRM's customers (merged by e-mail from the bookings), searched, filtered, sorted and paged; the state is in the address. */
export const Route = createFileRoute('/$lang/admin/_app/crm/customers/')({
  validateSearch: validateCustomerSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, location, deps }) => (await import('~/features/admin/customers/routing')).customersPage(context, location.href, deps),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: CustomersPage,
})

function CustomersPage() {
  const { lang, config } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const adminApi = useAdminApi(lang)
  const { data } = useSuspenseQuery(customersQuery(adminApi, search))
  const { i18n } = useLingui()
  return (
    <div className="max-w-6xl space-y-6">
      <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
      <CustomerList page={data} lang={lang} timeZone={shopTimeZone(config)} search={search} onChange={(next) => void navigate({ search: next })} />
    </div>
  )
}
