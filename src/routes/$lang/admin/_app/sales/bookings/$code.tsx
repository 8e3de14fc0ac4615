import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { staffBookingQuery } from '~/api/admin-booking-detail.queries'
import { useAdminApi } from '~/features/admin/api'
import { BookingDetail } from '~/features/admin/bookings/detail/booking-detail'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { shopTimeZone } from '~/lib/shop-settings'

const title = msg`Booking`

/** Managers: one booking with its payments, e-mails and history, and the staff's actions on it. */
export const Route = createFileRoute('/$lang/admin/_app/sales/bookings/$code')({
  loader: async ({ context, location, params }) => (await import('~/features/admin/bookings/detail/routing')).bookingPage(context, location.href, params.code),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: BookingPage,
})

function BookingPage() {
  const { lang, config } = Route.useRouteContext()
  const { code } = Route.useParams()
  const adminApi = useAdminApi(lang)
  const { data } = useSuspenseQuery(staffBookingQuery(adminApi, code))
  return (
    <div className="max-w-5xl">
      <BookingDetail key={code} booking={data} api={adminApi} lang={lang} timeZone={shopTimeZone(config)} />
    </div>
  )
}
