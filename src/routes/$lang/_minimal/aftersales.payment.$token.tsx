import { useCallback } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ApiError, unwrap } from '~/api/client'
import { paymentLinkQuery, startLinkPayment } from '~/api/checkout.queries'
import { OPAQUE_ID, parseOpaqueId } from '~/lib/params'
import { pageTitle } from '~/lib/page-title'
import { getI18n } from '~/lib/i18n'
import { setSsrStatus } from '~/functions/request-context'
import { PaymentPanel } from '~/components/payments/payment-panel'

const fallbackTitle = msg`Payment`

type Search = { payment?: string }

export const Route = createFileRoute('/$lang/_minimal/aftersales/payment/$token')({
  params: { parse: ({ token }) => ({ token: parseOpaqueId(token) }), stringify: ({ token }) => ({ token }) },
  // `payment`: the attempt the provider sent the visitor back from (its `outcome` hint is ignored:
  // only the server, told by the provider's signed webhook, says whether it was paid).
  validateSearch: (search: Record<string, unknown>): Search =>
    typeof search.payment === 'string' && OPAQUE_ID.test(search.payment) ? { payment: search.payment } : {},
  loaderDeps: ({ search }) => ({ payment: search.payment }),
  loader: async ({ context, params }) => {
    try {
      return { view: await context.queryClient.fetchQuery(paymentLinkQuery(context.api, context.lang, params.token)), invalid: false }
    } catch (error) {
      // Unknown or expired: the page itself says so, with a 404 / 410 status.
      if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
        setSsrStatus(error.status)
        return { view: null, invalid: true }
      }
      throw error
    }
  },
  staleTime: 0,
  head: ({ match, loaderData }) => {
    const code = loaderData?.view?.code
    const title = code ? getI18n(match.context.lang)._(msg`Payment for booking ${code}`) : fallbackTitle
    return pageTitle(match.context.config, match.context.lang, title, { noindex: true })
  },
  component: PaymentPage,
})

function PaymentPage() {
  const { view, invalid } = Route.useLoaderData()
  const { api, lang } = Route.useRouteContext()
  const { token } = Route.useParams()
  const { payment } = Route.useSearch()
  const load = useCallback(
    async () => (await unwrap(api.GET('/api/webshop/v1/payment-links/{token}', { params: { path: { token } } }))).data,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `lang` renews the calls when the page's language changes (the client sends it)
    [api, lang, token],
  )
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `lang` renews the calls when the page's language changes (the client sends it)
  const start = useCallback(() => startLinkPayment(api, token), [api, lang, token])
  return (
    <main id="main">
      <PaymentPanel key={`${token}:${payment ?? ''}`} lang={lang} view={view} linkInvalid={invalid} returnedPaymentId={payment ?? null} load={load} start={start} source="link" />
    </main>
  )
}
