import { useState, type FormEvent } from 'react'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { financePaymentsQuery, type FinancePaymentSource, type FinancePaymentStatus } from '~/api/admin-finance.queries'
import { Button } from '~/components/button'
import { TextField } from '~/components/checkout/text-field'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { SelectField } from '~/features/admin/settings/general/select-field'
import { CsvDownload } from '~/features/admin/finance/csv-download'
import { dateTime, money } from '~/features/admin/finance/format'
import { useFinanceLabels } from '~/features/admin/finance/labels'
import { BookingRef, FinanceHeader, Pager, pagerLinkClass, ScrollTable, td, tdNumber, th, thNumber } from '~/features/admin/finance/parts'
import { RangeFields } from '~/features/admin/finance/range-fields'
import { PAYMENT_SOURCES, PAYMENT_STATUSES, paymentsSearch, type PaymentsSearch } from '~/features/admin/finance/search'
import { rangeProblem } from '~/features/admin/finance/ranges'

const title = msg`Payments`

/** Owners: every payment (online and on site) of a period, filtered, newest first; the same as a CSV file. */
export const Route = createFileRoute('/$lang/admin/_app/finance/payments')({
  validateSearch: paymentsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, location, deps }) => (await import('~/features/admin/finance/routing')).financePaymentsPage(context, location.href, deps),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: PaymentsPage,
})

type Filters = { from: string; to: string; status: string; source: string; provider: string; method: string; booking: string }

const filtersOf = (q: PaymentsSearch & { from: string; to: string }): Filters => ({
  from: q.from,
  to: q.to,
  status: q.status ?? '',
  source: q.source ?? '',
  provider: q.provider ?? '',
  method: q.method ?? '',
  booking: q.booking ?? '',
})

function PaymentsPage() {
  const { lang } = Route.useRouteContext()
  const { query, timeZone } = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const api = useAdminApi(lang)
  const { t, i18n } = useLingui()
  const labels = useFinanceLabels()
  const answer = useQuery(financePaymentsQuery(api, query))
  const [filters, setFilters] = useState(() => filtersOf(query))
  const queryKey = JSON.stringify(query)
  const [shown, setShown] = useState(queryKey)
  if (shown !== queryKey) {
    setShown(queryKey)
    setFilters(filtersOf(query))
  }
  const [problem, setProblem] = useState<ReturnType<typeof rangeProblem>>(null)
  const set = (key: keyof Filters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = rangeProblem(filters.from, filters.to)
    setProblem(found)
    if (found) return
    const booking = filters.booking.trim()
    void navigate({
      search: {
        from: filters.from,
        to: filters.to,
        status: (filters.status || undefined) as FinancePaymentStatus | undefined,
        source: (filters.source || undefined) as FinancePaymentSource | undefined,
        provider: filters.provider || undefined,
        method: filters.method || undefined,
        booking: booking && /^[A-Za-z0-9-]{1,40}$/.test(booking) ? booking : undefined,
      },
    })
  }
  const error = (field: 'from' | 'to') => (problem?.field === field ? labels.problem(problem) : undefined)
  const meta = answer.data?.meta
  const rows = answer.data?.data ?? []
  const exportQuery = { from: query.from, to: query.to, status: query.status, source: query.source, provider: query.provider, method: query.method }
  const all = { value: '', label: t`All` }
  return (
    <div className="max-w-6xl space-y-6">
      <FinanceHeader lang={lang} title={`${t`Finance`}: ${i18n._(title)}`}>
        <CsvDownload api={api} query={exportQuery} />
      </FinanceHeader>

      <form onSubmit={submit} noValidate aria-label={t`Filter payments`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <RangeFields idPrefix="payments" from={filters.from} to={filters.to} onFrom={set('from')} onTo={set('to')} errors={{ from: error('from'), to: error('to') }} />
        <SelectField id="payments-status" label={t`Status`} value={filters.status} onChange={set('status')} options={[all, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: labels.paymentStatus[s] }))]} />
        <SelectField id="payments-source" label={t`Source`} value={filters.source} onChange={set('source')} options={[all, ...PAYMENT_SOURCES.map((s) => ({ value: s, label: labels.source[s] }))]} />
        <SelectField id="payments-provider" label={t`Provider`} value={filters.provider} onChange={set('provider')} options={[all, ...(meta?.providers ?? []).map((p) => ({ value: p, label: labels.provider(p) }))]} />
        <SelectField id="payments-method" label={t`Method`} value={filters.method} onChange={set('method')} options={[all, ...(meta?.methods ?? []).map((m) => ({ value: m, label: labels.method(m) }))]} />
        <TextField id="payments-booking" label={t`Booking code`} value={filters.booking} onChange={set('booking')} hint={t`For example K7Q2-X9PM`} />
        <div className="flex items-end gap-2">
          <Button type="submit">
            <Trans>Apply filters</Trans>
          </Button>
          <Link to="/$lang/admin/finance/payments" params={{ lang }} search={{ from: query.from, to: query.to }} className={pagerLinkClass}>
            <Trans>Reset</Trans>
          </Link>
        </div>
      </form>

      <div aria-busy={answer.isFetching || undefined} className="space-y-4">
        {answer.isError ? (
          <p role="alert" className="font-medium text-error">
            <Trans>The payments could not be loaded. Please check the filters and try again.</Trans>
          </p>
        ) : rows.length === 0 && meta ? (
          <p>
            <Trans>No payments match these filters.</Trans>
          </p>
        ) : (
          <ScrollTable caption={t`Payments, newest first`} minWidth="60rem">
            <thead>
              <tr>
                <th scope="col" className={th}>{t`Date`}</th>
                <th scope="col" className={th}>{t`Booking`}</th>
                <th scope="col" className={thNumber}>{t`Amount`}</th>
                <th scope="col" className={th}>{t`Status`}</th>
                <th scope="col" className={th}>{t`Provider and method`}</th>
                <th scope="col" className={th}>{t`Source`}</th>
                <th scope="col" className={th}>{t`Recorded by`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id}>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={p.createdAt}>{dateTime(p.createdAt, lang, timeZone)}</time>
                  </td>
                  <th scope="row" className={`${td} font-normal`}>
                    <BookingRef code={p.booking.code} name={p.booking.name} />
                  </th>
                  <td className={tdNumber}>{money(p.amount, lang)}</td>
                  <td className={td}>
                    {labels.paymentStatus[p.status]}
                    {p.refundDue ? <span className="block text-sm font-semibold text-error">{t`Refund due`}</span> : null}
                  </td>
                  <td className={td}>
                    {labels.provider(p.provider)}
                    {p.method ? <span className="block text-sm">{labels.method(p.method)}</span> : null}
                    {p.providerRef ? <span className="block break-all font-mono text-xs">{p.providerRef}</span> : null}
                  </td>
                  <td className={td}>{labels.source[p.source]}</td>
                  <td className={td}>
                    {p.recordedBy?.name ?? '—'}
                    {p.note ? <span className="block text-sm">{p.note}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
        {meta && meta.total > 0 ? (
          <Pager
            page={meta.page}
            perPage={meta.perPage}
            total={meta.total}
            lang={lang}
            link={(page, rel) => (
              <Link to="/$lang/admin/finance/payments" params={{ lang }} search={{ ...search, page: page > 1 ? page : undefined }} rel={rel} className={pagerLinkClass}>
                {rel === 'prev' ? t`Previous page` : t`Next page`}
              </Link>
            )}
          />
        ) : null}
      </div>
    </div>
  )
}
