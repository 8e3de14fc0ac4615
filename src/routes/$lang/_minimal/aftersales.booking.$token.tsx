import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import { parseOpaqueId } from '~/lib/params'
import { pageTitle } from '~/lib/page-title'
import { getI18n } from '~/lib/i18n'
import { setSsrStatus } from '~/functions/request-context'
import { managedBookingQuery } from '~/features/manage-booking/queries'
import { ManageBookingPage } from '~/features/manage-booking/manage-booking-page'

const fallbackTitle = msg`Manage my booking`

export const Route = createFileRoute('/$lang/_minimal/aftersales/booking/$token')({
  params: { parse: ({ token }) => ({ token: parseOpaqueId(token) }), stringify: ({ token }) => ({ token }) },
  loader: async ({ context, params }) => {
    try {
      return { view: await context.queryClient.fetchQuery(managedBookingQuery(context.api, context.lang, params.token)) }
    } catch (error) {
      // Unknown, replaced or another shop's: the page itself says so, with a 404 status.
      if (error instanceof ApiError && error.status === 404) {
        setSsrStatus(404)
        return { view: null }
      }
      throw error
    }
  },
  staleTime: 0,
  head: ({ match, loaderData }) => {
    const code = loaderData?.view?.booking.code
    const title = code ? getI18n(match.context.lang)._(msg`Your booking ${code}`) : fallbackTitle
    return pageTitle(match.context.config, match.context.lang, title, { noindex: true })
  },
  component: ManagePage,
})

function ManagePage() {
  const { view } = Route.useLoaderData()
  const { api, lang, config } = Route.useRouteContext()
  const { token } = Route.useParams()
  if (!view) {
    return (
      <main id="main" data-testid="manage-invalid">
        <h1 className="text-3xl font-bold">
          <Trans>This link is not valid</Trans>
        </h1>
        <p className="mt-4">
          <Trans>It may have been replaced by a newer one. Please use the link in your latest e-mail from us, or contact us.</Trans>
        </p>
      </main>
    )
  }
  return <ManageBookingPage key={`${token}:${lang}`} api={api} lang={lang} token={token} timeZone={config.timeZone} initial={view} />
}
