import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { financeOpenAmountsQuery } from '~/api/admin-finance.queries'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { SelectField } from '~/features/admin/settings/general/select-field'
import { count, day, money } from '~/features/admin/finance/format'
import { useFinanceLabels } from '~/features/admin/finance/labels'
import { BookingCount, BookingRef, FinanceHeader, OwingCount, Pager, pagerLinkClass, ScrollTable, td, tdNumber, th, thNumber } from '~/features/admin/finance/parts'
import { BOOKING_PAYMENT_METHODS, openSearch, type OpenSearch } from '~/features/admin/finance/search'

const title = msg`Open amounts`

function OtherCurrency({ value }: { value: number }) {
  return <Plural value={value} one="# booking in another currency is listed but not in these totals." other="# bookings in another currency are listed but not in these totals." />
}

/** Owners: confirmed bookings that still owe money, oldest first, with their age and the totals per age range. */
export const Route = createFileRoute('/$lang/admin/_app/finance/open')({
  validateSearch: openSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, location, deps }) => (await import('~/features/admin/finance/routing')).financeOpenPage(context, location.href, deps),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: OpenAmountsPage,
})

function OpenAmountsPage() {
  const { lang } = Route.useRouteContext()
  const { query } = Route.useLoaderData()
  const navigate = useNavigate({ from: Route.fullPath })
  const api = useAdminApi(lang)
  const { t, i18n } = useLingui()
  const labels = useFinanceLabels()
  const answer = useQuery(financeOpenAmountsQuery(api, query))
  const data = answer.data?.data
  const meta = answer.data?.meta
  const todayText = data ? day(data.today, lang, 'long') : ''
  return (
    <div className="max-w-6xl space-y-6">
      <FinanceHeader lang={lang} title={`${t`Finance`}: ${i18n._(title)}`} />

      {data ? (
        <section aria-labelledby="open-ages" className="space-y-3">
          <h2 id="open-ages" className="text-xl font-semibold">
            <Trans>By age on {todayText}</Trans>
          </h2>
          <p>
            <OwingCount value={data.total.count} />{' '}
            <span className="font-semibold tabular-nums">{money(data.total.amount, lang)}</span>
          </p>
          <ul className="grid gap-4 sm:grid-cols-3">
            {data.buckets.map((b) => {
              const current = query.bucket === b.bucket
              return (
                <li key={b.bucket}>
                  <Link
                    to="/$lang/admin/finance/open"
                    params={{ lang }}
                    search={(s: OpenSearch) => ({ ...s, bucket: current ? undefined : b.bucket, page: undefined })}
                    aria-current={current ? 'true' : undefined}
                    className="block rounded-md border-2 border-gray-300 p-4 hover:bg-gray-50 focus-visible:outline focus-visible:outline-2 aria-[current=true]:border-primary"
                  >
                    <span className="block font-medium">{labels.bucket[b.bucket]}</span>
                    <span className="block text-xl font-semibold tabular-nums">{money(b.amount, lang)}</span>
                    <span className="block text-sm">
                      <BookingCount value={b.count} />
                    </span>
                    {current ? <span className="block text-sm font-medium">{t`Shown below; choose again to show all.`}</span> : null}
                  </Link>
                </li>
              )
            })}
          </ul>
          {data.otherCurrency > 0 ? (
            <p className="rounded-md border border-gray-400 p-3">
              <OtherCurrency value={data.otherCurrency} />
            </p>
          ) : null}
        </section>
      ) : null}

      <div className="max-w-xs">
        <SelectField
          id="open-method"
          label={t`Payment method`}
          value={query.paymentMethod ?? ''}
          options={[{ value: '', label: t`All` }, ...BOOKING_PAYMENT_METHODS.map((m) => ({ value: m, label: labels.bookingPaymentMethod(m) }))]}
          onChange={(value) => void navigate({ search: (s: OpenSearch) => ({ ...s, paymentMethod: (value || undefined) as OpenSearch['paymentMethod'], page: undefined }) })}
        />
      </div>

      <div aria-busy={answer.isFetching || undefined} className="space-y-4">
        {answer.isError ? (
          <p role="alert" className="font-medium text-error">
            <Trans>The open amounts could not be loaded. Please try again.</Trans>
          </p>
        ) : data && data.bookings.length === 0 ? (
          <p>
            <Trans>No booking owes money.</Trans>
          </p>
        ) : data ? (
          <ScrollTable caption={t`Bookings with an open amount, oldest first`} minWidth="56rem">
            <thead>
              <tr>
                <th scope="col" className={th}>{t`Booking`}</th>
                <th scope="col" className={thNumber}>{t`Open amount`}</th>
                <th scope="col" className={thNumber}>{t`Total`}</th>
                <th scope="col" className={th}>{t`Booked on`}</th>
                <th scope="col" className={thNumber}>{t`Age in days`}</th>
                <th scope="col" className={th}>{t`First date`}</th>
                <th scope="col" className={th}>{t`Payment method`}</th>
              </tr>
            </thead>
            <tbody>
              {data.bookings.map((b) => (
                <tr key={b.id}>
                  <th scope="row" className={`${td} font-normal`}>
                    <BookingRef code={b.code} name={b.name} />
                  </th>
                  <td className={`${tdNumber} font-semibold`}>{money(b.open, lang)}</td>
                  <td className={tdNumber}>{money(b.total, lang)}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={b.bookedOn}>{day(b.bookedOn, lang)}</time>
                  </td>
                  <td className={tdNumber}>
                    <span className={b.bucket === 'days31plus' ? 'font-semibold text-error' : undefined}>{count(b.ageDays, lang)}</span>
                  </td>
                  <td className={`${td} whitespace-nowrap`}>{b.firstDate ? <time dateTime={b.firstDate}>{day(b.firstDate, lang)}</time> : '—'}</td>
                  <td className={td}>{labels.bookingPaymentMethod(b.paymentMethod)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        ) : null}
        {meta && meta.total > 0 ? (
          <Pager
            page={meta.page}
            perPage={meta.perPage}
            total={meta.total}
            lang={lang}
            link={(page, rel) => (
              <Link to="/$lang/admin/finance/open" params={{ lang }} search={(s: OpenSearch) => ({ ...s, page: page > 1 ? page : undefined })} rel={rel} className={pagerLinkClass}>
                {rel === 'prev' ? t`Previous page` : t`Next page`}
              </Link>
            )}
          />
        ) : null}
      </div>
    </div>
  )
}
