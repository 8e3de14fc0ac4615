import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { customerQuery } from '~/api/admin-customers.queries'
import { useAdminApi } from '~/features/admin/api'
import { CustomerDetail } from '~/features/admin/customers/customer-detail'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { shopTimeZone } from '~/lib/shop-settings'

const title = msg`Customer`

/** Managers: one customer with totals, contact details (editable), bookings, history, data export and erasure. */
export const Route = createFileRoute('/$lang/admin/_app/crm/customers/$customerId')({
  loader: async ({ context, location, params }) => (await import('~/features/admin/customers/routing')).customerPage(context, location.href, params.customerId),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: CustomerPage,
})

function CustomerPage() {
  const { lang, config } = Route.useRouteContext()
  const { customerId } = Route.useParams()
  const adminApi = useAdminApi(lang)
  const { data } = useSuspenseQuery(customerQuery(adminApi, customerId))
  return (
    <div className="max-w-5xl">
      <CustomerDetail key={customerId} customer={data} api={adminApi} lang={lang} timeZone={shopTimeZone(config)} />
    </div>
  )
}
