import type { FormEvent } from 'react'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { financeOpenAmountsQuery, financeTotalsQuery, type Granularity } from '~/api/admin-finance.queries'
import { Button, buttonClass } from '~/components/button'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { SelectField } from '~/features/admin/settings/general/select-field'
import { day, money } from '~/features/admin/finance/format'
import { useFinanceLabels } from '~/features/admin/finance/labels'
import { BookingCount, FinanceHeader, OwingCount } from '~/features/admin/finance/parts'
import { RangeFields } from '~/features/admin/finance/range-fields'
import { GRANULARITIES, totalsSearch } from '~/features/admin/finance/search'
import { presetRange, RANGE_PRESETS } from '~/features/admin/finance/ranges'
import { useRangeForm } from '~/features/admin/finance/range-form'
import { MethodTable, PeriodTable, TotalsSummary } from '~/features/admin/finance/totals'

const title = msg`Finance`

/** Owners: money received, refunded and net for a period (this month by default), per period and per payment method, and what is still open. */
export const Route = createFileRoute('/$lang/admin/_app/finance/')({
  validateSearch: totalsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, location, deps }) => (await import('~/features/admin/finance/routing')).financeOverviewPage(context, location.href, deps),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: FinanceOverview,
})

function FinanceOverview() {
  const { lang } = Route.useRouteContext()
  const { today, query } = Route.useLoaderData()
  const navigate = useNavigate({ from: Route.fullPath })
  const api = useAdminApi(lang)
  const { t, i18n } = useLingui()
  const labels = useFinanceLabels()
  const totals = useQuery(financeTotalsQuery(api, query))
  const open = useQuery(financeOpenAmountsQuery(api, { perPage: 1 }))
  const range = useRangeForm(query, `${query.from}|${query.to}|${query.granularity}`)
  const { from, to, granularity, problem } = range
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (range.check()) void navigate({ search: { from, to, granularity } })
  }
  const error = (field: 'from' | 'to' | 'granularity') => (problem?.field === field ? labels.problem(problem) : undefined)
  const fromText = day(query.from, lang, 'long')
  const toText = day(query.to, lang, 'long')
  const data = totals.data
  const currency = data?.currency ?? ''
  return (
    <div className="max-w-6xl space-y-8">
      <FinanceHeader lang={lang} title={i18n._(title)} />

      <section aria-labelledby="finance-period" className="space-y-4">
        <h2 id="finance-period" className="text-xl font-semibold">
          <Trans>Period</Trans>
        </h2>
        <ul className="flex flex-wrap gap-2" aria-label={t`Quick choice`}>
          {RANGE_PRESETS.map((preset) => {
            const range = presetRange(preset, today)
            const current = range.from === query.from && range.to === query.to
            return (
              <li key={preset}>
                <Link
                  to="/$lang/admin/finance"
                  params={{ lang }}
                  search={range}
                  aria-current={current ? 'true' : undefined}
                  className={buttonClass(current ? 'primary' : 'outline', 'sm')}
                >
                  {labels.preset[preset]}
                </Link>
              </li>
            )
          })}
        </ul>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
          <RangeFields idPrefix="totals" from={from} to={to} onFrom={range.setFrom} onTo={range.setTo} errors={{ from: error('from'), to: error('to') }} />
          <SelectField
            id="totals-granularity"
            label={t`Totals`}
            value={granularity}
            options={GRANULARITIES.map((g) => ({ value: g, label: labels.granularity[g] }))}
            onChange={(v) => range.setGranularity(v as Granularity)}
          />
          <Button type="submit">
            <Trans>Show</Trans>
          </Button>
        </form>
        {problem?.field === 'granularity' ? (
          <p role="alert" className="font-medium text-error">
            {labels.problem(problem)}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="finance-totals" className="space-y-4" aria-busy={totals.isFetching || undefined}>
        <h2 id="finance-totals" className="text-xl font-semibold">
          <Trans>
            Money from {fromText} to {toText}
          </Trans>
        </h2>
        {data ? (
          <>
            <TotalsSummary totals={data} lang={lang} />
            {data.otherCurrency.payments + data.otherCurrency.refunds > 0 ? (
              <p className="rounded-md border border-gray-400 p-3">
                <Trans>
                  Payments or refunds in another currency than {currency} are not in these totals; the list of payments shows them.
                </Trans>
              </p>
            ) : null}
            <MethodTable totals={data} lang={lang} labels={labels} />
            <PeriodTable totals={data} lang={lang} labels={labels} />
          </>
        ) : totals.isError ? (
          <p role="alert" className="font-medium text-error">
            <Trans>The totals could not be loaded. Please try again.</Trans>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="finance-open" className="space-y-4">
        <h2 id="finance-open" className="text-xl font-semibold">
          <Trans>Open amounts today</Trans>
        </h2>
        {open.data ? (
          <>
            <p>
              <OwingCount value={open.data.data.total.count} />{' '}
              <span className="font-semibold tabular-nums">{money(open.data.data.total.amount, lang)}</span>
            </p>
            <ul className="grid gap-4 sm:grid-cols-3">
              {open.data.data.buckets.map((b) => (
                <li key={b.bucket}>
                  <Link to="/$lang/admin/finance/open" params={{ lang }} search={{ bucket: b.bucket }} className="block rounded-md border border-gray-300 p-4 hover:bg-gray-50 focus-visible:outline focus-visible:outline-2">
                    <span className="block font-medium">{labels.bucket[b.bucket]}</span>
                    <span className="block text-xl font-semibold tabular-nums">{money(b.amount, lang)}</span>
                    <span className="block text-sm">
                      <BookingCount value={b.count} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </div>
  )
}
