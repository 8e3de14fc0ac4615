import { useState, type FormEvent } from 'react'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { financeRefundsQuery, type FinanceRefundReason, type FinanceRefundStatus } from '~/api/admin-finance.queries'
import { Button } from '~/components/button'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { SelectField } from '~/features/admin/settings/general/select-field'
import { dateTime, money } from '~/features/admin/finance/format'
import { useFinanceLabels } from '~/features/admin/finance/labels'
import { BookingRef, FinanceHeader, Pager, pagerLinkClass, ScrollTable, td, tdNumber, th, thNumber } from '~/features/admin/finance/parts'
import { RangeFields } from '~/features/admin/finance/range-fields'
import { REFUND_REASONS, REFUND_STATUSES, refundsSearch } from '~/features/admin/finance/search'
import { rangeProblem } from '~/features/admin/finance/ranges'

const title = msg`Refunds`

/** Owners: the money paid back (cancellations, moves, late payments), newest first, with who caused it. */
export const Route = createFileRoute('/$lang/admin/_app/finance/refunds')({
  validateSearch: refundsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, location, deps }) => (await import('~/features/admin/finance/routing')).financeRefundsPage(context, location.href, deps),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: RefundsPage,
})

function RefundsPage() {
  const { lang } = Route.useRouteContext()
  const { query, timeZone } = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const api = useAdminApi(lang)
  const { t, i18n } = useLingui()
  const labels = useFinanceLabels()
  const answer = useQuery(financeRefundsQuery(api, query))
  const initial = () => ({ from: query.from, to: query.to, status: query.status ?? '', reason: query.reason ?? '' })
  const [filters, setFilters] = useState(initial)
  const queryKey = JSON.stringify(query)
  const [shown, setShown] = useState(queryKey)
  if (shown !== queryKey) {
    setShown(queryKey)
    setFilters(initial())
  }
  const [problem, setProblem] = useState<ReturnType<typeof rangeProblem>>(null)
  const set = (key: keyof ReturnType<typeof initial>) => (value: string) => setFilters((f) => ({ ...f, [key]: value }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = rangeProblem(filters.from, filters.to)
    setProblem(found)
    if (found) return
    void navigate({
      search: {
        from: filters.from,
        to: filters.to,
        status: (filters.status || undefined) as FinanceRefundStatus | undefined,
        reason: (filters.reason || undefined) as FinanceRefundReason | undefined,
      },
    })
  }
  const error = (field: 'from' | 'to') => (problem?.field === field ? labels.problem(problem) : undefined)
  const all = { value: '', label: t`All` }
  const meta = answer.data?.meta
  const rows = answer.data?.data ?? []
  return (
    <div className="max-w-6xl space-y-6">
      <FinanceHeader lang={lang} title={`${t`Finance`}: ${i18n._(title)}`} />

      <form onSubmit={submit} noValidate aria-label={t`Filter refunds`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <RangeFields idPrefix="refunds" from={filters.from} to={filters.to} onFrom={set('from')} onTo={set('to')} errors={{ from: error('from'), to: error('to') }} />
        <SelectField id="refunds-status" label={t`Status`} value={filters.status} onChange={set('status')} options={[all, ...REFUND_STATUSES.map((s) => ({ value: s, label: labels.refundStatus[s] }))]} />
        <SelectField id="refunds-reason" label={t`Reason`} value={filters.reason} onChange={set('reason')} options={[all, ...REFUND_REASONS.map((r) => ({ value: r, label: labels.reason[r] }))]} />
        <div>
          <Button type="submit">
            <Trans>Apply filters</Trans>
          </Button>
        </div>
      </form>

      <div aria-busy={answer.isFetching || undefined} className="space-y-4">
        {answer.isError ? (
          <p role="alert" className="font-medium text-error">
            <Trans>The refunds could not be loaded. Please check the filters and try again.</Trans>
          </p>
        ) : rows.length === 0 && meta ? (
          <p>
            <Trans>No refunds match these filters.</Trans>
          </p>
        ) : (
          <ScrollTable caption={t`Refunds, newest first`} minWidth="60rem">
            <thead>
              <tr>
                <th scope="col" className={th}>{t`Date`}</th>
                <th scope="col" className={th}>{t`Booking`}</th>
                <th scope="col" className={thNumber}>{t`Amount`}</th>
                <th scope="col" className={th}>{t`Status`}</th>
                <th scope="col" className={th}>{t`Reason`}</th>
                <th scope="col" className={th}>{t`Provider and method`}</th>
                <th scope="col" className={th}>{t`Started by`}</th>
                <th scope="col" className={th}>{t`Last change`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={r.createdAt}>{dateTime(r.createdAt, lang, timeZone)}</time>
                  </td>
                  <th scope="row" className={`${td} font-normal`}>
                    <BookingRef code={r.booking.code} name={r.booking.name} />
                  </th>
                  <td className={tdNumber}>{money(r.amount, lang)}</td>
                  <td className={td}>
                    <span className={r.status === 'failed' ? 'font-semibold text-error' : undefined}>{labels.refundStatus[r.status]}</span>
                  </td>
                  <td className={td}>{labels.reason[r.reason]}</td>
                  <td className={td}>
                    {labels.provider(r.provider)}
                    {r.paymentMethod ? <span className="block text-sm">{labels.method(r.paymentMethod)}</span> : null}
                    {r.providerRef ? <span className="block break-all font-mono text-xs">{r.providerRef}</span> : null}
                  </td>
                  <td className={td}>{r.actor?.name ?? '—'}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={r.updatedAt}>{dateTime(r.updatedAt, lang, timeZone)}</time>
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
              <Link to="/$lang/admin/finance/refunds" params={{ lang }} search={{ ...search, page: page > 1 ? page : undefined }} rel={rel} className={pagerLinkClass}>
                {rel === 'prev' ? t`Previous page` : t`Next page`}
              </Link>
            )}
          />
        ) : null}
      </div>
    </div>
  )
}
