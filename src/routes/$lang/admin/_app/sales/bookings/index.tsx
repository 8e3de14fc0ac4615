import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { bookingsListQuery } from '~/api/admin-bookings-list.queries'
import { shopOffersQuery } from '~/api/admin-offers.queries'
import { useAdminApi } from '~/features/admin/api'
import { BookingsList } from '~/features/admin/bookings/list/bookings-list'
import { parseBookingListSearch, toListQuery } from '~/features/admin/bookings/list/search'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { shopTimeZone } from '~/lib/shop-settings'

const title = msg`Bookings`

/** Managers: the shop's bookings, searched, filtered, sorted and paged on the server; the state is the address's search. */
export const Route = createFileRoute('/$lang/admin/_app/sales/bookings/')({
  validateSearch: parseBookingListSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, location, deps }) => (await import('~/features/admin/bookings/list/routing')).bookingsListPage(context, location.href, deps),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: BookingsPage,
})

function BookingsPage() {
  const { lang, config } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const adminApi = useAdminApi(lang)
  const { data } = useSuspenseQuery(bookingsListQuery(adminApi, toListQuery(search)))
  const { data: offers } = useSuspenseQuery(shopOffersQuery(adminApi))
  const { i18n } = useLingui()
  return (
    <div className="max-w-7xl space-y-6">
      <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
      <BookingsList
        page={data}
        offers={offers.map((o) => ({ id: o.id, title: o.title }))}
        lang={lang}
        timeZone={shopTimeZone(config)}
        search={search}
        onSearch={(next) => void navigate({ search: parseBookingListSearch(next) })}
      />
    </div>
  )
}
